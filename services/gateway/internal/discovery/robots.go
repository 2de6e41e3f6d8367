package discovery

// Robots is robots.txt: crawlers may read every page but the admin section, the API
// and the newsletter's links from emails (each is one subscriber's), and the sitemap
// says which pages there are.
func Robots(publicURL string) []byte {
	return []byte("User-agent: *\n" +
		"Disallow: /admin/\n" +
		"Disallow: /api/\n" +
		"Disallow: /newsletter/confirm\n" +
		"Disallow: /newsletter/unsubscribe\n" +
		"\n" +
		"Sitemap: " + publicURL + SitemapPath + "\n")
}
