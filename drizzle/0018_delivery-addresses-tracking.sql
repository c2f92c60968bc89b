ALTER TABLE "addresses" ADD COLUMN "district" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gst_apparel_rates" ADD COLUMN "delivery_sac" text DEFAULT '9965' NOT NULL;--> statement-breakpoint
-- Saved addresses whose state was free text: the names and spellings contract/indian-states.ts knows (case,
-- dots, commas and spaces aside) become the list's names; the rest stay as written, and checkout asks the
-- shopper to choose the state from the list (decision 038).
UPDATE "addresses" AS a SET "state" = known.name
FROM (VALUES
  ('bihar', 'Bihar'),
  ('sikkim', 'Sikkim'),
  ('arunachal pradesh', 'Arunachal Pradesh'),
  ('nagaland', 'Nagaland'),
  ('manipur', 'Manipur'),
  ('mizoram', 'Mizoram'),
  ('tripura', 'Tripura'),
  ('meghalaya', 'Meghalaya'),
  ('assam', 'Assam'),
  ('west bengal', 'West Bengal'),
  ('jharkhand', 'Jharkhand'),
  ('odisha', 'Odisha'),
  ('chhattisgarh', 'Chhattisgarh'),
  ('madhya pradesh', 'Madhya Pradesh'),
  ('gujarat', 'Gujarat'),
  ('dadra and nagar haveli and daman and diu', 'Dadra and Nagar Haveli and Daman and Diu'),
  ('maharashtra', 'Maharashtra'),
  ('karnataka', 'Karnataka'),
  ('goa', 'Goa'),
  ('lakshadweep', 'Lakshadweep'),
  ('kerala', 'Kerala'),
  ('tamil nadu', 'Tamil Nadu'),
  ('puducherry', 'Puducherry'),
  ('andaman and nicobar islands', 'Andaman and Nicobar Islands'),
  ('telangana', 'Telangana'),
  ('andhra pradesh', 'Andhra Pradesh'),
  ('ladakh', 'Ladakh'),
  ('jammu and kashmir', 'Jammu and Kashmir'),
  ('himachal pradesh', 'Himachal Pradesh'),
  ('punjab', 'Punjab'),
  ('chandigarh', 'Chandigarh'),
  ('uttarakhand', 'Uttarakhand'),
  ('haryana', 'Haryana'),
  ('delhi', 'Delhi'),
  ('rajasthan', 'Rajasthan'),
  ('uttar pradesh', 'Uttar Pradesh'),
  ('ts', 'Telangana'),
  ('tg', 'Telangana'),
  ('telengana', 'Telangana'),
  ('telagana', 'Telangana'),
  ('new delhi', 'Delhi'),
  ('nct of delhi', 'Delhi'),
  ('delhi ncr', 'Delhi'),
  ('orissa', 'Odisha'),
  ('odisa', 'Odisha'),
  ('pondicherry', 'Puducherry'),
  ('pondy', 'Puducherry'),
  ('jammu & kashmir', 'Jammu and Kashmir'),
  ('j&k', 'Jammu and Kashmir'),
  ('andaman & nicobar islands', 'Andaman and Nicobar Islands'),
  ('andaman and nicobar', 'Andaman and Nicobar Islands'),
  ('daman and diu', 'Dadra and Nagar Haveli and Daman and Diu'),
  ('dadra and nagar haveli', 'Dadra and Nagar Haveli and Daman and Diu'),
  ('maharastra', 'Maharashtra'),
  ('maharashtr', 'Maharashtra'),
  ('maharashra', 'Maharashtra'),
  ('mh', 'Maharashtra'),
  ('karnatak', 'Karnataka'),
  ('karnatka', 'Karnataka'),
  ('ka', 'Karnataka'),
  ('tamilnadu', 'Tamil Nadu'),
  ('tn', 'Tamil Nadu'),
  ('kerela', 'Kerala'),
  ('kl', 'Kerala'),
  ('andhra', 'Andhra Pradesh'),
  ('andra pradesh', 'Andhra Pradesh'),
  ('ap', 'Andhra Pradesh'),
  ('gujrat', 'Gujarat'),
  ('gj', 'Gujarat'),
  ('rajastan', 'Rajasthan'),
  ('rj', 'Rajasthan'),
  ('uttar pardesh', 'Uttar Pradesh'),
  ('up', 'Uttar Pradesh'),
  ('madhya pardesh', 'Madhya Pradesh'),
  ('mp', 'Madhya Pradesh'),
  ('west bangal', 'West Bengal'),
  ('wb', 'West Bengal'),
  ('chhatisgarh', 'Chhattisgarh'),
  ('chattisgarh', 'Chhattisgarh'),
  ('chhattisgad', 'Chhattisgarh'),
  ('uttaranchal', 'Uttarakhand'),
  ('uttrakhand', 'Uttarakhand'),
  ('himachal', 'Himachal Pradesh'),
  ('hp', 'Himachal Pradesh'),
  ('haryan', 'Haryana'),
  ('panjab', 'Punjab')
) AS known(written, name)
WHERE regexp_replace(regexp_replace(lower(trim(a."state")), '[.,]', '', 'g'), '\s+', ' ', 'g') = known.written
  AND a."state" <> known.name;--> statement-breakpoint
-- When orders shipped and were delivered, from their history.
UPDATE "orders" AS o SET "shipped_at" = e.at
FROM (SELECT "order_id", min("at") AS at FROM "order_events" WHERE "subject" = 'order' AND "to" = 'Shipped' GROUP BY "order_id") AS e
WHERE e."order_id" = o."id";--> statement-breakpoint
UPDATE "orders" AS o SET "delivered_at" = e.at
FROM (SELECT "order_id", min("at") AS at FROM "order_events" WHERE "subject" = 'order' AND "to" = 'Delivered' GROUP BY "order_id") AS e
WHERE e."order_id" = o."id";--> statement-breakpoint
-- Couriers staff typed by name become the keys of contract/couriers.ts where the name is one of the list's.
UPDATE "orders" SET "courier" = CASE regexp_replace(lower("courier"), '[^a-z]', '', 'g')
    WHEN 'delhivery' THEN 'delhivery'
    WHEN 'bluedart' THEN 'bluedart'
    WHEN 'dtdc' THEN 'dtdc'
    WHEN 'indiapost' THEN 'indiapost'
    WHEN 'speedpost' THEN 'indiapost'
    WHEN 'indiapostspeedpost' THEN 'indiapost'
    WHEN 'ekart' THEN 'ekart'
    WHEN 'ekartlogistics' THEN 'ekart'
    WHEN 'xpressbees' THEN 'xpressbees'
    WHEN 'shadowfax' THEN 'shadowfax'
    ELSE "courier" END
WHERE "courier" IS NOT NULL;
