package content_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/portfolio-site/portfolio/content"
)

// The site's skills, in its order.
var specSkills = []string{
	"AWS", "Azure", "GCP", "Docker", "Kubernetes", "Networking", "CI/CD", "Terraform",
	"Jenkins", "Python", "Linux", "Monitoring", "Git", "Shell Scripting", "Ansible",
}

// knownSkillIcons are the icon keys the UI maps (see src/index.ts knownSkillIcons); the
// default content uses only these, though the schema accepts any key.
var knownSkillIcons = []string{
	"aws", "azure", "gcp", "docker", "kubernetes", "network", "cicd", "terraform",
	"jenkins", "python", "linux", "monitoring", "git", "shell", "ansible",
}

func TestPageLoadersAcceptEmbeddedContent(t *testing.T) {
	loaders := []struct {
		file string
		load func(fs.FS) error
	}{
		{content.HomeFile, func(f fs.FS) error { _, err := content.LoadHome(f); return err }},
		{content.SkillsFile, func(f fs.FS) error { _, err := content.LoadSkills(f); return err }},
		{content.ResumeFile, func(f fs.FS) error { _, err := content.LoadResume(f); return err }},
		{content.ProjectsFile, func(f fs.FS) error { _, err := content.LoadProjects(f); return err }},
		{content.TalksFile, func(f fs.FS) error { _, err := content.LoadTalks(f); return err }},
		{content.LegalFile, func(f fs.FS) error { _, err := content.LoadLegal(f); return err }},
		{content.ContactFile, func(f fs.FS) error { _, err := content.LoadContact(f); return err }},
		{content.FormFieldsFile, loadFormFieldsErr},
	}
	for _, l := range loaders {
		t.Run(l.file, func(t *testing.T) {
			if err := l.load(content.FS()); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestHomeContent(t *testing.T) {
	home, err := content.LoadHome(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	site, err := content.LoadSite(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"headline", home.Headline, "DevOps Engineer & Cloud Infrastructure Specialist"},
		{"headline matches site.json owner.headline", home.Headline, site.Owner.Headline},
		{"primary CTA", home.PrimaryCTA, content.HomeCTA{Label: "View My Projects", Path: "/projects"}},
		{"secondary CTA", home.SecondaryCTA, content.HomeCTA{Label: "Get In Touch", Path: "/contact"}},
		{"photo ships with the site", home.Photo.IsLocal(), true},
		{"pitch has 2-3 sentences", between(strings.Count(home.Pitch, ". ")+1, 2, 3), true},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestSkillsContent(t *testing.T) {
	skills, err := content.LoadSkills(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range skills {
		names = append(names, s.Name)
		if len(s.Achievements) != 4 {
			t.Errorf("%s: %d achievements, want 4", s.Name, len(s.Achievements))
		}
		if !slices.Contains(knownSkillIcons, s.Icon) {
			t.Errorf("%s: icon %q is not a key the UI maps", s.Name, s.Icon)
		}
		if n := strings.Count(strings.TrimSuffix(s.Description, "."), ". ") + 1; n > 2 {
			t.Errorf("%s: description has %d sentences, want 1-2", s.Name, n)
		}
	}
	if !slices.Equal(names, specSkills) {
		t.Errorf("skills = %v\nwant %v", names, specSkills)
	}
}

func TestResumeContent(t *testing.T) {
	r, err := content.LoadResume(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, e := range r.Experience {
		titles = append(titles, e.Title)
		if !between(len(e.Achievements), 3, 5) {
			t.Errorf("%s: %d achievements, want 3-5", e.Title, len(e.Achievements))
		}
	}
	if want := []string{"Lead DevOps Engineer", "DevOps Engineer", "DevOps Intern"}; !slices.Equal(titles, want) {
		t.Errorf("experience = %v, want %v", titles, want)
	}
	// The university line shows the university (never an empty line).
	for i, e := range r.Education {
		if strings.TrimSpace(e.University) == "" {
			t.Errorf("education[%d].university is empty", i)
		}
	}
	if n := len(r.Certifications); !between(n, 4, 6) {
		t.Errorf("%d certifications, want 4-6", n)
	}
}

func TestProjectsContent(t *testing.T) {
	cat, err := content.LoadProjects(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var ids, featured []int
	var withDemo, withoutDemo int
	for _, p := range cat.Projects {
		ids = append(ids, p.ID)
		if p.Featured {
			featured = append(featured, p.ID)
		}
		if p.LiveURL == nil {
			withoutDemo++
		} else {
			withDemo++
		}
	}
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; !slices.Equal(ids, want) {
		t.Errorf("project ids = %v, want %v", ids, want)
	}
	if want := []int{1, 2, 3}; !slices.Equal(featured, want) {
		t.Errorf("featured = %v, want %v", featured, want)
	}
	if got := len(cat.Featured()); got != 3 {
		t.Errorf("Featured() returned %d projects, want 3", got)
	}
	if withDemo == 0 || withoutDemo < 2 {
		t.Errorf("live URLs: %d with, %d without; want some of each (several without)", withDemo, withoutDemo)
	}

	details := []struct {
		id                 int
		timeline, teamSize string
	}{
		{1, "6 months", "5 engineers"},
		{2, "3 months", "3 engineers"},
		{3, "4 months", "4 engineers"},
		{4, "5 months", "3 engineers"},
		{5, "2 months", "2 engineers"},
		{6, "3 months", "2 engineers"},
		{7, "4 months", "3 engineers"},
		{8, "3 months", "2 engineers"},
	}
	if len(cat.Details) != len(details) {
		t.Errorf("detail for %d projects, want %d", len(cat.Details), len(details))
	}
	for _, want := range details {
		d, ok := cat.Detail(want.id)
		if !ok {
			t.Errorf("project %d has no detail", want.id)
			continue
		}
		if d.Timeline != want.timeline || d.TeamSize != want.teamSize {
			t.Errorf("project %d: timeline %q, team %q; want %q, %q", want.id, d.Timeline, d.TeamSize, want.timeline, want.teamSize)
		}
		if !between(len(d.Features), 5, 6) {
			t.Errorf("project %d: %d features, want 5-6", want.id, len(d.Features))
		}
		if !between(len(d.TechStack), 3, 5) {
			t.Errorf("project %d: %d tech stack categories, want 3-5", want.id, len(d.TechStack))
		}
	}

	// Each project's detail is its own: no two share an overview, a feature list or a
	// tech stack (never another project's detail: docs/decisions/0004).
	seen := map[string]int{}
	for id, d := range cat.Details {
		for _, key := range []string{"overview " + d.Overview, "architecture " + d.Architecture, "challenges " + d.Challenges, "features " + strings.Join(d.Features, "|"), fmt.Sprint("stack ", d.TechStack)} {
			if other, ok := seen[key]; ok {
				t.Errorf("projects %d and %d share their %s", other, id, strings.Fields(key)[0])
			}
			seen[key] = id
		}
	}
	lookups := []struct {
		id                    int
		wantProject, wantDetl bool
	}{
		{1, true, true}, {2, true, true}, {3, true, true}, {8, true, true},
		{0, false, false}, {9, false, false}, {99, false, false}, {-1, false, false},
	}
	for _, l := range lookups {
		p, okP := cat.Project(l.id)
		_, okD := cat.Detail(l.id)
		if okP != l.wantProject || okD != l.wantDetl || (okP && p.ID != l.id) {
			t.Errorf("id %d: project found %v (id %d), detail found %v; want %v, %v", l.id, okP, p.ID, okD, l.wantProject, l.wantDetl)
		}
	}
}

func TestTalksContent(t *testing.T) {
	talks, err := content.LoadTalks(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(talks) != 3 {
		t.Fatalf("%d talks, want 3", len(talks))
	}
	// One talk with video and slides, one with slides only, one with neither.
	var kinds []string
	for _, tk := range talks {
		kinds = append(kinds, fmt.Sprintf("video=%v slides=%v", tk.VideoURL != "", tk.SlidesURL != ""))
	}
	want := []string{"video=true slides=true", "video=false slides=true", "video=false slides=false"}
	if !slices.Equal(kinds, want) {
		t.Errorf("talk links = %v, want %v", kinds, want)
	}
	for i := 1; i < len(talks); i++ {
		if talks[i].Date > talks[i-1].Date {
			t.Errorf("talks are not newest first: %s after %s", talks[i].Date, talks[i-1].Date)
		}
	}
}

func TestLegalContent(t *testing.T) {
	l, err := content.LoadLegal(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"privacy response time (hours)", l.Privacy.ResponseTimeHours, 48},
		{"privacy minimum age", l.Privacy.MinimumAge, 18},
		{"terms notice period (days)", l.Terms.NoticePeriodDays, 30},
		{"terms governing law", l.Terms.GoverningLaw, "India"},
		{"privacy last updated", l.Privacy.LastUpdated, "2026-11-25"},
		{"terms last updated", l.Terms.LastUpdated, "2025-01-15"},
		{"privacy title", l.Privacy.Title, "Privacy Policy"},
		{"terms title", l.Terms.Title, "Terms of Use"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestContactContent(t *testing.T) {
	c, err := content.LoadContact(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, s := range c.Form.Subjects {
		subjects = append(subjects, s.Value)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"heading", c.Heading, "Get In Touch"},
		{"form heading", c.Form.Heading, "Send a Message"},
		{"connect heading", c.Connect.Heading, "Let's Connect"},
		{"subjects", strings.Join(subjects, ","), "collaboration,job,consulting,speaking,other"},
		{"default subject", c.Form.DefaultSubject, "other"},
		{"pending label", c.Form.PendingLabel, "Sending..."},
		{"message min length", c.Validation.MessageMinLength, 10},
		{"message max length", c.Validation.MessageMaxLength, 5000},
		{"invalid subject", c.Validation.InvalidSubject, "Please choose a subject"},
		{"message rows", c.Validation.MessageRows, 5},
		{"validation title", c.Validation.Title, "Please check your form"},
		{"success toast", c.Toasts.Success.Title, "Message sent successfully!"},
		{"failure toast", c.Toasts.Failure.Title, "Failed to send message"},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s = %v, want %v", ch.name, ch.got, ch.want)
		}
	}
}

func TestFormFieldsContent(t *testing.T) {
	v, err := content.LoadFormFields(content.FS())
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"name min length", v.NameMinLength, 2},
		{"name max length", v.NameMaxLength, 100},
		{"email max length", v.EmailMaxLength, 254},
		{"name too short", v.NameTooShort, "Name must be at least 2 characters"},
		{"invalid email", v.InvalidEmail, "Please enter a valid email address"},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s = %v, want %v", ch.name, ch.got, ch.want)
		}
	}
}

// TestShippedImages checks every local image the content refers to: it is embedded,
// it is an SVG whose width, height and viewBox agree with the content, it has a
// <title>, it is small and self-contained. No file under images/ is left unreferenced.
func TestShippedImages(t *testing.T) {
	fsys := content.FS()
	home, err := content.LoadHome(fsys)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := content.LoadProjects(fsys)
	if err != nil {
		t.Fatal(err)
	}
	images := map[string]content.Image{"home.json photo": home.Photo}
	for _, p := range cat.Projects {
		images[fmt.Sprintf("project %d", p.ID)] = p.Image
		if want := fmt.Sprintf("/images/projects/%d.svg", p.ID); p.Image.Src != want {
			t.Errorf("project %d: image %q, want %q", p.ID, p.Image.Src, want)
		}
	}
	referenced := map[string]bool{}
	for owner, img := range images {
		if !img.IsLocal() {
			continue
		}
		referenced[img.FSPath()] = true
		t.Run(owner, func(t *testing.T) {
			data, err := fs.ReadFile(fsys, img.FSPath())
			if err != nil {
				t.Fatalf("%s: %v", img.Src, err)
			}
			if len(data) > 16<<10 {
				t.Errorf("%s is %d bytes, want at most 16 KiB", img.Src, len(data))
			}
			root := pageSVGRoot(t, data)
			if root.Width != strconv.Itoa(img.Width) || root.Height != strconv.Itoa(img.Height) {
				t.Errorf("%s: svg is %sx%s, content says %dx%d", img.Src, root.Width, root.Height, img.Width, img.Height)
			}
			if want := fmt.Sprintf("0 0 %d %d", img.Width, img.Height); root.ViewBox != want {
				t.Errorf("%s: viewBox %q, want %q", img.Src, root.ViewBox, want)
			}
			if strings.TrimSpace(root.Title) == "" {
				t.Errorf("%s has no <title>", img.Src)
			}
			lower := strings.ToLower(string(data))
			for _, banned := range []string{"<script", "<foreignobject", "href=\"http", "javascript:", " on"} {
				if banned == " on" {
					if pageSVGEventAttr(lower) {
						t.Errorf("%s has an event handler attribute", img.Src)
					}
					continue
				}
				if strings.Contains(lower, banned) {
					t.Errorf("%s contains %q", img.Src, banned)
				}
			}
		})
	}
	if err := fs.WalkDir(fsys, "images", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && !referenced[p] {
			t.Errorf("%s is shipped but no content refers to it", p)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestGoEnumsFromSchemas: the Go lists of closed values are read from the schemas, in
// their order.
func TestGoEnumsFromSchemas(t *testing.T) {
	var categories []string
	for _, c := range content.ProjectCategories {
		categories = append(categories, string(c))
	}
	var postCategories []string
	for _, c := range content.PostCategories {
		postCategories = append(postCategories, string(c))
	}
	tests := []struct {
		name      string
		got, want []string
	}{
		{"skill colors", content.SkillColors, []string{
			"slate", "gray", "red", "orange", "amber", "yellow", "lime", "green", "emerald",
			"teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose",
		}},
		{"project categories", categories, []string{"DevOps", "Infrastructure", "Monitoring", "Automation", "Cloud"}},
		{"post categories", postCategories, []string{
			"Security", "Infrastructure", "Monitoring", "Containers", "CI/CD", "Cloud", "Networking", "Database",
		}},
		{"contact subjects", content.ContactSubjects, []string{"collaboration", "job", "consulting", "speaking", "other"}},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
}

func TestPageLoadersRejectBadContent(t *testing.T) {
	type doc = map[string]any
	tests := []struct {
		name    string
		file    string
		edit    func(d doc)        // edits file's JSON, if set
		editFS  func(fstest.MapFS) // edits the file system, if set
		load    func(fs.FS) error
		wantErr []string
	}{
		{
			name: "home: unknown field", file: content.HomeFile,
			edit:    func(d doc) { d["subtitle"] = "x" },
			load:    loadHomeErr,
			wantErr: []string{"home.json", "/subtitle: is not a known field"},
		},
		{
			name: "home: missing photo file", file: content.HomeFile,
			editFS:  func(m fstest.MapFS) { delete(m, "images/profile.svg") },
			load:    loadHomeErr,
			wantErr: []string{"home.json", "/photo/src", "is not a file shipped with the content (images/profile.svg)"},
		},
		{
			name: "home: CTA to an external URL", file: content.HomeFile,
			edit:    func(d doc) { pageObj(d, "primaryCta")["path"] = "https://example.com" },
			load:    loadHomeErr,
			wantErr: []string{"home.json", "/primaryCta/path", `"https://example.com" must match pattern`},
		},
		{
			name: "skills: three achievements", file: content.SkillsFile,
			edit: func(d doc) {
				s := pageObj(pageArr(d, "skills")[0])
				s["achievements"] = pageArr(s, "achievements")[:3]
			},
			load:    loadSkillsErr,
			wantErr: []string{"skills.json", "/skills/0/achievements: must NOT have fewer than 4 items, got 3"},
		},
		{
			name: "skills: fourteen skills", file: content.SkillsFile,
			edit:    func(d doc) { d["skills"] = pageArr(d, "skills")[1:] },
			load:    loadSkillsErr,
			wantErr: []string{"skills.json", "/skills: must NOT have fewer than 15 items, got 14"},
		},
		{
			name: "skills: unknown color token", file: content.SkillsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "skills")[2])["color"] = "bg-orange-500" },
			load:    loadSkillsErr,
			wantErr: []string{"skills.json", `/skills/2/color: "bg-orange-500" must be one of slate, gray`},
		},
		{
			name: "skills: duplicate name", file: content.SkillsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "skills")[1])["name"] = "AWS" },
			load:    loadSkillsErr,
			wantErr: []string{"skills.json", `/skills/1/name: "AWS" is listed twice`},
		},
		{
			name: "resume: University spelt with a capital U", file: content.ResumeFile,
			edit: func(d doc) {
				e := pageObj(pageArr(d, "education")[0])
				e["University"] = e["university"]
				delete(e, "university")
			},
			load:    loadResumeErr,
			wantErr: []string{"resume.json", "/education/0/University: is not a known field", "/education/0/university: is required"},
		},
		{
			name: "talks: a key given twice", file: content.TalksFile,
			editFS: func(m fstest.MapFS) {
				data := string(m[content.TalksFile].Data)
				dup := `"event": "Bengaluru DevOps Meetup",`
				m[content.TalksFile] = &fstest.MapFile{Data: []byte(strings.Replace(data, dup, dup+` "event": "Elsewhere",`, 1))}
			},
			load:    loadTalksErr,
			wantErr: []string{"talks.json", "/talks/1/event: key given twice"},
		},
		{
			name: "legal: nested key in the wrong case", file: content.LegalFile,
			edit: func(d doc) {
				p := pageObj(d, "privacy")
				p["MinimumAge"] = p["minimumAge"]
				delete(p, "minimumAge")
			},
			load:    loadLegalErr,
			wantErr: []string{"legal.json", "/privacy/MinimumAge: is not a known field"},
		},
		{
			name: "resume: two jobs", file: content.ResumeFile,
			edit:    func(d doc) { d["experience"] = pageArr(d, "experience")[:2] },
			load:    loadResumeErr,
			wantErr: []string{"resume.json", "/experience: must NOT have fewer than 3 items, got 2"},
		},
		{
			name: "resume: empty university", file: content.ResumeFile,
			edit:    func(d doc) { pageObj(pageArr(d, "education")[0])["university"] = " " },
			load:    loadResumeErr,
			wantErr: []string{"resume.json", "/education/0/university: must not be blank"},
		},
		{
			name: "projects: duplicate id", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "projects")[4])["id"] = 4 },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", "/projects/4/id: 4 is listed twice"},
		},
		{
			name: "projects: id out of range", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "projects")[7])["id"] = 9 },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", "/projects/7/id: must be <= 8, got 9"},
		},
		{
			name: "projects: project 4 featured", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "projects")[3])["featured"] = true },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", "/projects: want featured exactly on ids [1 2 3], got [1 2 3 4]"},
		},
		{
			name: "projects: project 2 not featured", file: content.ProjectsFile,
			edit:    func(d doc) { delete(pageObj(pageArr(d, "projects")[1]), "featured") },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", "/projects: want featured exactly on ids [1 2 3], got [1 3]"},
		},
		{
			name: "projects: demo over http", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "projects")[0])["liveUrl"] = "http://example.com" },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", `/projects/0/liveUrl: "http://example.com" must match pattern "^https://`},
		},
		{
			name: "projects: unknown category", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageArr(d, "projects")[5])["category"] = "Security" },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", `/projects/5/category: "Security" must be one of DevOps`},
		},
		{
			name: "projects: cover image not shipped", file: content.ProjectsFile,
			editFS:  func(m fstest.MapFS) { delete(m, "images/projects/6.svg") },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", `/projects/5/image/src: "/images/projects/6.svg" is not a file shipped`},
		},
		{
			name: "projects: image path escapes images/", file: content.ProjectsFile,
			edit:    func(d doc) { pageObj(pageObj(pageArr(d, "projects")[0])["image"])["src"] = "/images/../site.json" },
			load:    loadProjectsErr,
			wantErr: []string{"projects.json", `/projects/0/image/src: "/images/../site.json" must match pattern`},
		},
		{
			name: "projects: external image is fine", file: content.ProjectsFile,
			edit: func(d doc) {
				pageObj(pageObj(pageArr(d, "projects")[0])["image"])["src"] = "https://images.example.com/cover.jpg"
			},
			load: loadProjectsErr,
		},
		{
			name: "project details: detail for a missing project", file: content.ProjectDetailsFile,
			edit: func(d doc) {
				ds := pageObj(d, "details")
				ds["9"] = ds["2"]
			},
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", "/details/9: is not a known field"},
		},
		{
			name: "project details: a project without detail", file: content.ProjectDetailsFile,
			edit:    func(d doc) { delete(pageObj(d, "details"), "5") },
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", "/details: must NOT have fewer than 8 properties, got 7"},
		},
		{
			name: "project details: key is not an id", file: content.ProjectDetailsFile,
			edit: func(d doc) {
				ds := pageObj(d, "details")
				ds["01"] = ds["1"]
			},
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", "/details/01: is not a known field"},
		},
		{
			name: "project details: script in architecture", file: content.ProjectDetailsFile,
			edit: func(d doc) {
				pageObj(pageObj(d, "details"), "1")["architecture"] = "<p>ok</p><script>alert(1)</script>"
			},
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", `/details/1/architecture: "<p>ok</p><script>alert(1)</script>" must match pattern`},
		},
		{
			name: "project details: attribute on an allowed tag", file: content.ProjectDetailsFile,
			edit: func(d doc) {
				pageObj(pageObj(d, "details"), "2")["challenges"] = `<p onclick="x()">hi</p>`
			},
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", `/details/2/challenges: "<p onclick=`},
		},
		{
			name: "project details: unknown field", file: content.ProjectDetailsFile,
			edit:    func(d doc) { pageObj(pageObj(d, "details"), "1")["budget"] = "1M" },
			load:    loadProjectsErr,
			wantErr: []string{"project-details.json", "/details/1/budget: is not a known field"},
		},
		{
			name: "talks: impossible date", file: content.TalksFile,
			edit:    func(d doc) { pageObj(pageArr(d, "talks")[0])["date"] = "2024-02-30" },
			load:    loadTalksErr,
			wantErr: []string{"talks.json", `/talks/0/date: "2024-02-30" must match format "date"`},
		},
		{
			name: "talks: display date instead of ISO", file: content.TalksFile,
			edit:    func(d doc) { pageObj(pageArr(d, "talks")[1])["date"] = "Jun 22, 2024" },
			load:    loadTalksErr,
			wantErr: []string{"talks.json", `/talks/1/date: "Jun 22, 2024" must match format "date"`},
		},
		{
			name: "talks: video over http", file: content.TalksFile,
			edit:    func(d doc) { pageObj(pageArr(d, "talks")[2])["videoUrl"] = "http://example.com/v" },
			load:    loadTalksErr,
			wantErr: []string{"talks.json", `/talks/2/videoUrl: "http://example.com/v" must match pattern`},
		},
		{
			name: "legal: response time disagrees with the prose", file: content.LegalFile,
			edit:    func(d doc) { pageObj(d, "privacy")["responseTimeHours"] = 24 },
			load:    loadLegalErr,
			wantErr: []string{"legal.json", "/privacy/responseTimeHours: the policy's text never says \"24 hours\""},
		},
		{
			name: "legal: governing law disagrees with the prose", file: content.LegalFile,
			edit:    func(d doc) { pageObj(d, "terms")["governingLaw"] = "Singapore" },
			load:    loadLegalErr,
			wantErr: []string{"legal.json", `/terms/governingLaw: the terms' text never says "laws of Singapore"`},
		},
		{
			name: "legal: last updated in display format", file: content.LegalFile,
			edit:    func(d doc) { pageObj(d, "terms")["lastUpdated"] = "15/01/2025" },
			load:    loadLegalErr,
			wantErr: []string{"legal.json", `/terms/lastUpdated: "15/01/2025" must match format "date"`},
		},
		{
			name: "legal: duplicate section id", file: content.LegalFile,
			edit: func(d doc) {
				secs := pageArr(pageObj(d, "privacy"), "sections")
				pageObj(secs[1])["id"] = pageObj(secs[0])["id"]
			},
			load:    loadLegalErr,
			wantErr: []string{"legal.json", "/privacy/sections/1/id: \"information-we-collect\" is listed twice"},
		},
		{
			name: "contact: a subject missing", file: content.ContactFile,
			edit: func(d doc) {
				f := pageObj(d, "form")
				f["subjects"] = pageArr(f, "subjects")[1:]
			},
			load:    loadContactErr,
			wantErr: []string{"contact.json", "/form/subjects: must NOT have fewer than 5 items, got 4"},
		},
		{
			name: "contact: message limit disagrees with its message", file: content.ContactFile,
			edit:    func(d doc) { pageObj(d, "validation")["messageMinLength"] = 20 },
			load:    loadContactErr,
			wantErr: []string{"contact.json", `/validation/messageTooShort: "Message must be at least 10 characters" does not state messageMinLength 20`},
		},
		{
			name: "contact: maximum below the minimum", file: content.ContactFile,
			edit: func(d doc) {
				v := pageObj(d, "validation")
				v["messageMaxLength"] = 5
				v["messageTooLong"] = "Message must be at most 5 characters"
			},
			load:    loadContactErr,
			wantErr: []string{"contact.json", "/validation/messageMaxLength: 5 is below messageMinLength 10"},
		},
		{
			name: "contact: maximum disagrees with its message", file: content.ContactFile,
			edit:    func(d doc) { pageObj(d, "validation")["messageMaxLength"] = 4000 },
			load:    loadContactErr,
			wantErr: []string{"contact.json", "/validation/messageTooLong", "does not state messageMaxLength 4000"},
		},
		{
			name: "form fields: unknown field", file: content.FormFieldsFile,
			edit:    func(d doc) { d["nameLabel"] = "Name" },
			load:    loadFormFieldsErr,
			wantErr: []string{"form-fields.json", "/nameLabel: is not a known field"},
		},
		{
			name: "form fields: blank message", file: content.FormFieldsFile,
			edit:    func(d doc) { d["invalidEmail"] = " " },
			load:    loadFormFieldsErr,
			wantErr: []string{"form-fields.json", "/invalidEmail: must not be blank"},
		},
		{
			name: "form fields: name minimum disagrees with its message", file: content.FormFieldsFile,
			edit:    func(d doc) { d["nameMinLength"] = 3 },
			load:    loadFormFieldsErr,
			wantErr: []string{"form-fields.json", "/nameTooShort", "does not state nameMinLength 3"},
		},
		{
			name: "form fields: email maximum disagrees with its message", file: content.FormFieldsFile,
			edit:    func(d doc) { d["emailMaxLength"] = 200 },
			load:    loadFormFieldsErr,
			wantErr: []string{"form-fields.json", "/emailTooLong", "does not state emailMaxLength 200"},
		},
		{
			name: "form fields: name maximum below the minimum", file: content.FormFieldsFile,
			edit:    func(d doc) { d["nameMaxLength"] = 1 },
			load:    loadFormFieldsErr,
			wantErr: []string{"form-fields.json", "/nameMaxLength: 1 is below nameMinLength 2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := pageCopyFS(t)
			if tt.edit != nil {
				pageEditJSON(t, fsys, tt.file, tt.edit)
			}
			if tt.editFS != nil {
				tt.editFS(fsys)
			}
			err := tt.load(fsys)
			if len(tt.wantErr) == 0 {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("want an error, got nil")
			}
			for _, want := range tt.wantErr {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not mention %q", err, want)
				}
			}
		})
	}
}

func loadHomeErr(f fs.FS) error       { _, err := content.LoadHome(f); return err }
func loadSkillsErr(f fs.FS) error     { _, err := content.LoadSkills(f); return err }
func loadResumeErr(f fs.FS) error     { _, err := content.LoadResume(f); return err }
func loadProjectsErr(f fs.FS) error   { _, err := content.LoadProjects(f); return err }
func loadTalksErr(f fs.FS) error      { _, err := content.LoadTalks(f); return err }
func loadLegalErr(f fs.FS) error      { _, err := content.LoadLegal(f); return err }
func loadContactErr(f fs.FS) error    { _, err := content.LoadContact(f); return err }
func loadFormFieldsErr(f fs.FS) error { _, err := content.LoadFormFields(f); return err }

func between(n, lo, hi int) bool { return lo <= n && n <= hi }

// pageCopyFS copies the embedded content into a MapFS that a test may change.
func pageCopyFS(t *testing.T) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(content.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(content.FS(), p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// pageEditJSON decodes name from m, lets edit change it and writes it back.
func pageEditJSON(t *testing.T, m fstest.MapFS, name string, edit func(map[string]any)) {
	t.Helper()
	f, ok := m[name]
	if !ok {
		t.Fatalf("%s is not in the content", name)
	}
	dec := json.NewDecoder(bytes.NewReader(f.Data))
	dec.UseNumber()
	var d map[string]any
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	edit(d)
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	m[name] = &fstest.MapFile{Data: data}
}

// pageObj returns v (or v[keys[0]][keys[1]]...) as a JSON object.
func pageObj(v any, keys ...string) map[string]any {
	m := v.(map[string]any)
	for _, k := range keys {
		m = m[k].(map[string]any)
	}
	return m
}

// pageArr returns m[key] as a JSON array.
func pageArr(m map[string]any, key string) []any { return m[key].([]any) }

type pageSVG struct {
	XMLName xml.Name `xml:"http://www.w3.org/2000/svg svg"`
	Width   string   `xml:"width,attr"`
	Height  string   `xml:"height,attr"`
	ViewBox string   `xml:"viewBox,attr"`
	Title   string   `xml:"title"`
}

func pageSVGRoot(t *testing.T, data []byte) pageSVG {
	t.Helper()
	var s pageSVG
	if err := xml.Unmarshal(data, &s); err != nil {
		t.Fatalf("not an SVG document: %v", err)
	}
	return s
}

// pageSVGEventAttr reports an on*= attribute (onload, onclick...) in lowercased SVG.
func pageSVGEventAttr(lower string) bool {
	for i := 0; ; {
		j := strings.Index(lower[i:], " on")
		if j < 0 {
			return false
		}
		rest := lower[i+j+3:]
		k := strings.IndexFunc(rest, func(r rune) bool { return r < 'a' || r > 'z' })
		if k >= 0 && rest[k] == '=' {
			return true
		}
		i += j + 3
	}
}
