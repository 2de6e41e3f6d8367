SELECT 'sqlite'
