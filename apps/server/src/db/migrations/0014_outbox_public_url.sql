-- The PUBLIC_URL a message's links were written with: the worker puts the PUBLIC_URL of its own
-- configuration in its place when it sends the message (notify/public-url.ts). NULL for messages
-- without links and for those queued before this column existed (sent as written).
ALTER TABLE "outbox_messages" ADD COLUMN "public_url" text;
