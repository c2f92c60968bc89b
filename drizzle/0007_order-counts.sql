CREATE TABLE "order_counts" (
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "order_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
-- Keeps order_counts exact: every statement that inserts, updates or deletes orders adds its changes per
-- status and shard, in the order of the primary key, so two transactions never wait for each other's rows
-- in opposite orders. An update that leaves the statuses as they were touches no count.
CREATE FUNCTION count_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_counts AS c (status, shard, orders)
      SELECT status, (id % 16)::smallint, count(*)::int FROM counted_new GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_counts AS c (status, shard, orders)
      SELECT status, (id % 16)::smallint, -count(*)::int FROM counted_old GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  ELSE
    INSERT INTO order_counts AS c (status, shard, orders)
      SELECT status, (id % 16)::smallint, sum(change)::int
      FROM (
        SELECT n.status, n.id, 1 AS change FROM counted_new n JOIN counted_old o ON o.id = n.id
          WHERE n.status <> o.status
        UNION ALL
        SELECT o.status, o.id, -1 FROM counted_new n JOIN counted_old o ON o.id = n.id
          WHERE n.status <> o.status
      ) moves
      GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
      ON CONFLICT (status, shard) DO UPDATE SET orders = c.orders + excluded.orders;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_count_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS counted_new FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS counted_old NEW TABLE AS counted_new FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS counted_old FOR EACH STATEMENT EXECUTE FUNCTION count_orders();--> statement-breakpoint
INSERT INTO order_counts (status, shard, orders)
  SELECT status, (id % 16)::smallint, count(*)::int FROM orders GROUP BY 1, 2;
