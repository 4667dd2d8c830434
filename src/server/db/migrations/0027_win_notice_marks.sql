CREATE TABLE "win_notice_marks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_entry_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "win_notice_marks" ADD CONSTRAINT "win_notice_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;