SELECT secret FROM newsletter_keys WHERE purpose = $1;
