SELECT salt FROM analytics_salts WHERE day = $1
