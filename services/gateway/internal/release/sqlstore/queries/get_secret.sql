SELECT secret FROM section_secrets WHERE purpose = $1
