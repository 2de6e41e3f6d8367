-- Unsubscribing withdraws the links still in the subscriber's inbox.
DELETE FROM newsletter_confirmations WHERE subscriber_id = $1;
