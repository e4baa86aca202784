CREATE INDEX "order_lines_created_idx" ON "order_lines" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "voucher_refunds_created_idx" ON "voucher_refunds" USING btree ("created_at");