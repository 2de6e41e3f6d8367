SELECT 'shared'
