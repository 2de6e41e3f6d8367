package content

import (
	"fmt"
	"io/fs"
)

// SkillsFile is the skills page's file name, relative to the content root.
const SkillsFile = "skills.json"

// SkillColors are the accent color tokens a skill may use, as schema/skills.schema.json
// lists them. They name colors, not CSS classes; each UI maps them itself.
var SkillColors = schemaEnum("skills.schema.json", "/properties/skills/items/properties/color/enum")

// Skill is one tile of the skills grid and the dialog it opens.
type Skill struct {
	Name string `json:"name"`
	// Icon is an icon key such as "aws" or "kubernetes". Any key is accepted; the UI
	// shows its default icon for a key it does not know.
	Icon        string `json:"icon"`
	Color       string `json:"color"`
	Description string `json:"description"`
	// Achievements are the dialog's 'Professional Achievements', four per skill.
	Achievements []string `json:"achievements"`
}

// skillsFile is skills.json: the list under its one key.
type skillsFile struct {
	Skills []Skill `json:"skills"`
}

// LoadSkills reads skills.json from fsys (usually FS()) in display order, checked
// against its schema (15 skills, four achievements each). Beyond it, no name is listed
// twice.
func LoadSkills(fsys fs.FS) ([]Skill, error) {
	f, err := loadFile(fsys, SkillsFile, func(c *fieldChecker, f skillsFile) {
		unique(c, len(f.Skills), func(i int) string { return fmt.Sprintf("%q", f.Skills[i].Name) },
			func(i int) string { return fmt.Sprintf("/skills/%d/name", i) })
	})
	return f.Skills, err
}
