-- AlterTable
ALTER TABLE "sign_in_attempts" ADD COLUMN     "cleared_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "sign_in_attempts_email_ip_address_attempted_at_idx" ON "sign_in_attempts"("email", "ip_address", "attempted_at");
