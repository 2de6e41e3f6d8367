package content

import "io/fs"

// FormFieldsFile is the file of the name's and the email's rules, relative to the
// content root.
const FormFieldsFile = "form-fields.json"

// FormFields is a name's and an email address's limits and messages, one set for every
// form that asks for them (the contact form, the newsletter's subscribe form): the
// gateway checks both forms with one name rule and one address rule (services/mail).
// Lengths are in characters (Unicode code points) after trimming.
type FormFields struct {
	NameMinLength  int    `json:"nameMinLength"`
	NameMaxLength  int    `json:"nameMaxLength"`
	EmailMaxLength int    `json:"emailMaxLength"`
	NameTooShort   string `json:"nameTooShort"`
	NameTooLong    string `json:"nameTooLong"`
	NameNotOneLine string `json:"nameNotOneLine"`
	NameDirection  string `json:"nameDirection"`
	NameInvisible  string `json:"nameInvisible"`
	InvalidEmail   string `json:"invalidEmail"`
	EmailTooLong   string `json:"emailTooLong"`
}

// LoadFormFields reads form-fields.json from fsys (usually FS()), checked against its
// schema. Beyond it, the name's maximum is at least its minimum, and each message
// states its limit.
func LoadFormFields(fsys fs.FS) (FormFields, error) {
	return loadFile(fsys, FormFieldsFile, func(c *fieldChecker, v FormFields) {
		atLeast(c, "/", "nameMaxLength", v.NameMaxLength, "nameMinLength", v.NameMinLength)
		limitsStated(c, "/",
			statedLimit{"nameTooShort", "nameMinLength", v.NameTooShort, v.NameMinLength},
			statedLimit{"nameTooLong", "nameMaxLength", v.NameTooLong, v.NameMaxLength},
			statedLimit{"emailTooLong", "emailMaxLength", v.EmailTooLong, v.EmailMaxLength},
		)
	})
}
