package content

import (
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strconv"
)

// File names of the projects and their extra detail, relative to the content root.
const (
	ProjectsFile       = "projects.json"
	ProjectDetailsFile = "project-details.json"
)

// ProjectCount is the spec's number of projects: ids 1 to ProjectCount.
const ProjectCount = 8

// FeaturedProjectIDs are the projects the spec marks featured.
var FeaturedProjectIDs = []int{1, 2, 3}

// ProjectCategory is one of the spec's project categories.
type ProjectCategory string

// The categories of schema/projects.schema.json.
const (
	ProjectCategoryDevOps         ProjectCategory = "DevOps"
	ProjectCategoryInfrastructure ProjectCategory = "Infrastructure"
	ProjectCategoryMonitoring     ProjectCategory = "Monitoring"
	ProjectCategoryAutomation     ProjectCategory = "Automation"
	ProjectCategoryCloud          ProjectCategory = "Cloud"
)

// ProjectCategories lists every category in the schema's order.
var ProjectCategories = []ProjectCategory{
	ProjectCategoryDevOps, ProjectCategoryInfrastructure, ProjectCategoryMonitoring,
	ProjectCategoryAutomation, ProjectCategoryCloud,
}

// Project is one card of the projects page.
type Project struct {
	ID           int      `json:"id"`
	Title        string   `json:"title"`
	Description  string   `json:"description"`
	Technologies []string `json:"technologies"`
	// Image is the cover: shipped with the site under /images/ or an https URL.
	Image     Image  `json:"image"`
	GithubURL string `json:"githubUrl"`
	// LiveURL is nil when there is no live demo (null or absent in the file): no 'Demo'
	// link is shown.
	LiveURL  *string         `json:"liveUrl,omitempty"`
	Category ProjectCategory `json:"category"`
	Featured bool            `json:"featured,omitempty"`
}

// ProjectDetail is the detail of a project's page: every project has one. Architecture and Challenges
// are HTML fragments limited to attribute-less p, ul, ol, li, strong, em, code and h3.
type ProjectDetail struct {
	Overview     string           `json:"overview"`
	Architecture string           `json:"architecture"`
	Challenges   string           `json:"challenges"`
	Timeline     string           `json:"timeline"`
	TeamSize     string           `json:"teamSize"`
	Features     []string         `json:"features"`
	TechStack    []TechStackGroup `json:"techStack"`
}

// TechStackGroup is one category of the 'Technologies Used' card.
type TechStackGroup struct {
	Category string   `json:"category"`
	Tools    []string `json:"tools"`
}

// ProjectCatalog is the projects in display order and their detail, keyed by project
// id.
type ProjectCatalog struct {
	Projects []Project
	Details  map[int]ProjectDetail
}

// Project returns the project with the given id.
func (c ProjectCatalog) Project(id int) (Project, bool) {
	i := slices.IndexFunc(c.Projects, func(p Project) bool { return p.ID == id })
	if i < 0 {
		return Project{}, false
	}
	return c.Projects[i], true
}

// Detail returns the detail of the project with the given id: every project has its
// own (LoadProjects checks), never another project's.
func (c ProjectCatalog) Detail(id int) (ProjectDetail, bool) {
	d, ok := c.Details[id]
	return d, ok
}

// Featured returns the featured projects in display order.
func (c ProjectCatalog) Featured() []Project {
	var out []Project
	for _, p := range c.Projects {
		if p.Featured {
			out = append(out, p)
		}
	}
	return out
}

type projectsFile struct {
	Schema   string    `json:"$schema,omitempty"`
	Projects []Project `json:"projects"`
}

type projectDetailsFile struct {
	Schema  string                   `json:"$schema,omitempty"`
	Details map[string]ProjectDetail `json:"details"`
}

// LoadProjects reads and strictly decodes projects.json and project-details.json from
// fsys (usually FS()). It checks what the schemas cannot: ids 1 to 8 each exactly once,
// featured exactly on ids 1 to 3, local cover images present in fsys, detail only for
// existing projects and for each of them, and detail HTML limited to the allowed tags.
func LoadProjects(fsys fs.FS) (ProjectCatalog, error) {
	var pf projectsFile
	if err := decodePageFile(fsys, ProjectsFile, &pf); err != nil {
		return ProjectCatalog{}, err
	}
	var df projectDetailsFile
	if err := decodePageFile(fsys, ProjectDetailsFile, &df); err != nil {
		return ProjectCatalog{}, err
	}

	c := newFieldChecker(ProjectsFile)
	c.count("projects", len(pf.Projects), ProjectCount, ProjectCount)
	ids := make(map[int]bool, len(pf.Projects))
	var featured []int
	for i, p := range pf.Projects {
		at := fmt.Sprintf("projects[%d]", i)
		switch {
		case p.ID < 1 || p.ID > ProjectCount:
			c.addf(at+".id", "%d is outside 1 to %d", p.ID, ProjectCount)
		case ids[p.ID]:
			c.addf(at+".id", "duplicate id %d", p.ID)
		}
		ids[p.ID] = true
		if p.Featured {
			featured = append(featured, p.ID)
		}
		c.text(at+".title", p.Title)
		c.text(at+".description", p.Description)
		c.uniqueTexts(at+".technologies", p.Technologies, 1, -1)
		c.image(fsys, at+".image", p.Image)
		c.httpsURL(at+".githubUrl", p.GithubURL)
		if p.LiveURL != nil {
			c.httpsURL(at+".liveUrl", *p.LiveURL)
		}
		c.oneOf(at+".category", string(p.Category), projectCategoryNames())
	}
	sort.Ints(featured)
	if !slices.Equal(featured, FeaturedProjectIDs) {
		c.addf("featured", "want featured exactly on ids %v, got %v", FeaturedProjectIDs, featured)
	}
	if err := c.err(); err != nil {
		return ProjectCatalog{}, err
	}

	c = newFieldChecker(ProjectDetailsFile)
	details := make(map[int]ProjectDetail, len(df.Details))
	for key, d := range df.Details {
		at := fmt.Sprintf("details[%q]", key)
		id, err := strconv.Atoi(key)
		if err != nil || id < 1 || strconv.Itoa(id) != key {
			c.addf(at, "key is not a project id")
			continue
		}
		if !ids[id] {
			c.addf(at, "there is no project with id %d in %s", id, ProjectsFile)
		}
		c.text(at+".overview", d.Overview)
		c.html(at+".architecture", d.Architecture)
		c.html(at+".challenges", d.Challenges)
		c.text(at+".timeline", d.Timeline)
		c.text(at+".teamSize", d.TeamSize)
		c.texts(at+".features", d.Features, 1, -1)
		c.count(at+".techStack", len(d.TechStack), 1, -1)
		for j, g := range d.TechStack {
			gat := fmt.Sprintf("%s.techStack[%d]", at, j)
			c.text(gat+".category", g.Category)
			c.uniqueTexts(gat+".tools", g.Tools, 1, -1)
		}
		details[id] = d
	}
	// Every project is a page of its own: a project without detail would show only
	// its header.
	for _, p := range pf.Projects {
		if _, ok := details[p.ID]; !ok && ids[p.ID] {
			c.addf(fmt.Sprintf("details[%q]", strconv.Itoa(p.ID)), "project %d (%s) has no detail", p.ID, p.Title)
		}
	}
	if err := c.err(); err != nil {
		return ProjectCatalog{}, err
	}
	return ProjectCatalog{Projects: pf.Projects, Details: details}, nil
}

func projectCategoryNames() []string {
	out := make([]string, len(ProjectCategories))
	for i, c := range ProjectCategories {
		out[i] = string(c)
	}
	return out
}
