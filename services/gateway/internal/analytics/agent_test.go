package analytics

import "testing"

func TestDeviceClass(t *testing.T) {
	for _, tc := range []struct{ ua, want string }{
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1", Mobile},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36", Mobile},
		{"Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", Tablet},
		{"Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1", Tablet},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36", Desktop},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15", Desktop},
	} {
		if got := DeviceClass(tc.ua); got != tc.want {
			t.Errorf("DeviceClass(%q) = %s, want %s", tc.ua, got, tc.want)
		}
	}
}

func TestIsBot(t *testing.T) {
	for _, tc := range []struct {
		ua  string
		bot bool
	}{
		{"Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", false},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0", false},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true},
		{"Mozilla/5.0 (compatible; YandexBot/3.0)", true},
		{"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)", true},
		{"Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse", true},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36", true},
		{"Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", true},
		{"curl/8.5.0", true},
		{"", true},
	} {
		if got := IsBot(tc.ua); got != tc.bot {
			t.Errorf("IsBot(%q) = %v, want %v", tc.ua, got, tc.bot)
		}
	}
}

func TestReferrerHost(t *testing.T) {
	for _, tc := range []struct{ ref, want string }{
		{"", ""},
		{"https://www.Google.com/search?q=devops", "google.com"},
		{"https://news.ycombinator.com/item?id=1", "news.ycombinator.com"},
		{"https://example.com/blog", ""}, // the site itself
		{"http://EXAMPLE.com:8080/", ""}, // the site itself, any port
		{"android-app://com.slack/", "com.slack"},
		{"not a url at all", ""},
		{"https://evil<script>.com/", ""},
	} {
		if got := ReferrerHost(tc.ref, "example.com"); got != tc.want {
			t.Errorf("ReferrerHost(%q) = %q, want %q", tc.ref, got, tc.want)
		}
	}
}
