package content

import (
	"fmt"
	"io/fs"
	"regexp"
)

// SkillsFile is the skills page's file name, relative to the content root.
const SkillsFile = "skills.json"

// The spec's fixed counts for the skills page.
const (
	SkillCount           = 15
	AchievementsPerSkill = 4
)

// SkillColors are the accent color tokens a skill may use (schema/skills.schema.json
// lists the same set). They name colors, not CSS classes; each UI maps them itself.
var SkillColors = []string{
	"slate", "gray", "red", "orange", "amber", "yellow", "lime", "green", "emerald",
	"teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose",
}

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

type skillsFile struct {
	Schema string  `json:"$schema,omitempty"`
	Skills []Skill `json:"skills"`
}

var iconKey = regexp.MustCompile(`^[a-z0-9-]+$`)

// LoadSkills reads and strictly decodes skills.json from fsys (usually FS()), in
// display order: exactly 15 skills with unique names, four achievements each.
func LoadSkills(fsys fs.FS) ([]Skill, error) {
	var f skillsFile
	if err := decodePageFile(fsys, SkillsFile, &f); err != nil {
		return nil, err
	}
	c := newFieldChecker(SkillsFile)
	c.count("skills", len(f.Skills), SkillCount, SkillCount)
	names := make(map[string]bool, len(f.Skills))
	for i, s := range f.Skills {
		at := fmt.Sprintf("skills[%d]", i)
		c.text(at+".name", s.Name)
		if names[s.Name] {
			c.addf(at+".name", "%q is listed twice", s.Name)
		}
		names[s.Name] = true
		if !iconKey.MatchString(s.Icon) {
			c.addf(at+".icon", "%q is not an icon key (lowercase letters, digits, '-')", s.Icon)
		}
		c.oneOf(at+".color", s.Color, SkillColors)
		c.text(at+".description", s.Description)
		c.texts(at+".achievements", s.Achievements, AchievementsPerSkill, AchievementsPerSkill)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	return f.Skills, nil
}
