module github.com/portfolio-site/portfolio/deploy

go 1.26.0
