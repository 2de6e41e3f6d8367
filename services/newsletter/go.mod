module github.com/portfolio-site/portfolio/services/newsletter

go 1.26

// Sibling modules of this repository, for when this module imports them: builds use
// the working tree (go.work does the same; these make `go mod tidy` and GOWORK=off
// builds work).
replace (
	github.com/portfolio-site/portfolio/content => ../../content
	github.com/portfolio-site/portfolio/services/mail => ../mail
)
