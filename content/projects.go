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

// FeaturedProjectIDs are the projects marked featured.
var FeaturedProjectIDs = []int{1, 2, 3}

// ProjectCategory is one of the site's project categories.
type ProjectCategory string

// ProjectCategories lists every category in the order of schema/projects.schema.json,
// their one source.
var ProjectCategories = enumOf[ProjectCategory]("projects.schema.json", "/properties/projects/items/properties/category/enum")

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

// projectsFile is projects.json: the list under its one key.
type projectsFile struct {
	Projects []Project `json:"projects"`
}

// projectDetailsFile is project-details.json: the details by project id.
type projectDetailsFile struct {
	Details map[string]ProjectDetail `json:"details"`
}

// LoadProjects reads projects.json and project-details.json from fsys (usually FS()),
// each checked against its schema. Beyond them: ids are unique, featured exactly on
// FeaturedProjectIDs, local cover images are present in fsys, and every project has
// its own detail and every detail a project.
func LoadProjects(fsys fs.FS) (ProjectCatalog, error) {
	var pf projectsFile
	if err := decodeFile(fsys, ProjectsFile, &pf); err != nil {
		return ProjectCatalog{}, err
	}
	var df projectDetailsFile
	if err := decodeFile(fsys, ProjectDetailsFile, &df); err != nil {
		return ProjectCatalog{}, err
	}

	c := newFieldChecker(ProjectsFile)
	unique(c, len(pf.Projects), func(i int) int { return pf.Projects[i].ID },
		func(i int) string { return fmt.Sprintf("/projects/%d/id", i) })
	var featured []int
	for i, p := range pf.Projects {
		if p.Featured {
			featured = append(featured, p.ID)
		}
		c.shipped(fsys, fmt.Sprintf("/projects/%d/image", i), p.Image)
	}
	sort.Ints(featured)
	if !slices.Equal(featured, FeaturedProjectIDs) {
		c.addf("/projects", "want featured exactly on ids %v, got %v", FeaturedProjectIDs, featured)
	}
	if err := c.err(); err != nil {
		return ProjectCatalog{}, err
	}

	c = newFieldChecker(ProjectDetailsFile)
	catalog := ProjectCatalog{Projects: pf.Projects, Details: make(map[int]ProjectDetail, len(df.Details))}
	for key, d := range df.Details {
		id, err := strconv.Atoi(key) // the schema allows only digits
		if _, ok := catalog.Project(id); err != nil || !ok {
			c.addf("/details/"+key, "there is no project with id %s in %s", key, ProjectsFile)
		}
		catalog.Details[id] = d
	}
	// Every project is a page of its own: a project without detail would show only
	// its header.
	for _, p := range pf.Projects {
		if _, ok := catalog.Details[p.ID]; !ok {
			c.addf("/details", "project %d (%s) has no detail", p.ID, p.Title)
		}
	}
	if err := c.err(); err != nil {
		return ProjectCatalog{}, err
	}
	return catalog, nil
}
