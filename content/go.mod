module github.com/portfolio-site/portfolio/content

go 1.26

// The npm side of this package installs node_modules here; keep it out of ./... and work.
ignore ./node_modules

require (
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	golang.org/x/text v0.14.0
	gopkg.in/yaml.v3 v3.0.1
)
