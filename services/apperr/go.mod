module github.com/portfolio-site/portfolio/services/apperr

go 1.26.0
