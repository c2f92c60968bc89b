-- Keeps search_words (0003) holding every word of product and category names, for spelling correction.
CREATE FUNCTION remember_name_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', name))) FROM named_rows
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_insert_words AFTER INSERT ON products
  REFERENCING NEW TABLE AS named_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_name_words();--> statement-breakpoint
CREATE TRIGGER products_update_words AFTER UPDATE ON products
  REFERENCING NEW TABLE AS named_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_name_words();--> statement-breakpoint
CREATE TRIGGER categories_insert_words AFTER INSERT ON categories
  REFERENCING NEW TABLE AS named_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_name_words();--> statement-breakpoint
CREATE TRIGGER categories_update_words AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS named_rows FOR EACH STATEMENT EXECUTE FUNCTION remember_name_words();--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', name))) FROM products
  UNION SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', name))) FROM categories
  ON CONFLICT DO NOTHING;
