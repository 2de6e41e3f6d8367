module github.com/portfolio-site/portfolio/content

go 1.26
