package discovery

// Robots is robots.txt: crawlers may read every page but the admin section and the
// API, and the sitemap says which pages there are.
func Robots(publicURL string) []byte {
	return []byte("User-agent: *\n" +
		"Disallow: /admin/\n" +
		"Disallow: /api/\n" +
		"\n" +
		"Sitemap: " + publicURL + SitemapPath + "\n")
}
