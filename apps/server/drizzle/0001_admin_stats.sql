CREATE TABLE "buyer_activity_monthly" (
	"month" date NOT NULL,
	"buyer_id" uuid NOT NULL,
	CONSTRAINT "buyer_activity_monthly_month_buyer_id_pk" PRIMARY KEY("month","buyer_id")
);
--> statement-breakpoint
CREATE TABLE "order_stats_monthly" (
	"month" date NOT NULL,
	"manufacturer_id" uuid NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stats_monthly_month_manufacturer_id_pk" PRIMARY KEY("month","manufacturer_id")
);
--> statement-breakpoint
ALTER TABLE "buyer_activity_monthly" ADD CONSTRAINT "buyer_activity_monthly_buyer_id_buyers_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stats_monthly" ADD CONSTRAINT "order_stats_monthly_manufacturer_id_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."manufacturers"("id") ON DELETE cascade ON UPDATE no action;