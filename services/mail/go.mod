module github.com/portfolio-site/portfolio/services/mail

go 1.26
