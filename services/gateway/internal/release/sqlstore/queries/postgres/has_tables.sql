SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'section_current'
