ALTER TABLE "deals" ADD COLUMN "status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "go_live_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deals_admin_status_idx" ON "deals" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "deals_admin_updated_idx" ON "deals" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "deals_admin_created_idx" ON "deals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "deals_admin_closing_idx" ON "deals" USING btree ("closing_date","id");--> statement-breakpoint
CREATE INDEX "deals_admin_headline_idx" ON "deals" USING btree ("headline","id");--> statement-breakpoint
CREATE INDEX "deals_admin_price_idx" ON "deals" USING btree ("price","id");--> statement-breakpoint
CREATE INDEX "deals_admin_sold_idx" ON "deals" USING btree ("total_bought","id");--> statement-breakpoint
CREATE INDEX "deals_admin_headline_trgm_idx" ON "deals" USING gin ("headline" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deals_go_live_idx" ON "deals" USING btree ("go_live_at") WHERE "deals"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "merchants_display_name_trgm_idx" ON "merchants" USING gin ("display_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "merchants_business_name_trgm_idx" ON "merchants" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
-- Deals made before the pipeline: a closed deal is closed, a hidden one paused, the rest live.
UPDATE "deals" SET "status" = CASE WHEN NOT "open" THEN 'closed' WHEN NOT "published" THEN 'paused' ELSE 'live' END;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_status_known" CHECK ("deals"."status" in ('draft','in_review','approved','scheduled','live','paused','closed'));