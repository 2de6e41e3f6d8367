// Package content holds the site's language-neutral content (JSON and Markdown with
// their JSON Schemas) and typed loaders for it. The same files are the npm package
// @portfolio/content, so the gateway and the browser read one source of truth.
package content

import (
	"embed"
	"io/fs"
)

//go:embed *.json schema/*.json images blog newsletter rendered
var files embed.FS

// FS returns the embedded content files, rooted at this directory. Images shipped
// with the site are under images/ (a content path "/images/x.svg" is "images/x.svg" here);
// the Markdown posts and editions under blog/ and newsletter/ (see LoadPosts and
// LoadEditions), and the editions' HTML the npm build rendered under rendered/ (when it
// has run: see rendered/README.md). The rest of the npm build's output (dist/) and
// node_modules are not embedded.
func FS() fs.FS { return files }
