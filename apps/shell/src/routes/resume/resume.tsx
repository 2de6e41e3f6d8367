import { site } from "@portfolio/content";
import { resume } from "@portfolio/content/resume";
import { Island } from "@portfolio/router";
import { Badge } from "@portfolio/ui/badge";
import { Button } from "@portfolio/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@portfolio/ui/card";
import { Page } from "@portfolio/ui/page";
import { toast } from "@portfolio/ui/use-toast";
import { DownloadIcon } from "../../components/icons";
import { printDocument } from "../../lib/print";
import { resumeDocument } from "./resume-document";

function downloadResume() {
  if (printDocument(resumeDocument(resume, site.owner)) === "page") {
    toast({
      title: "Printing this page instead",
      description:
        "The browser blocked the resume window. Allow pop-ups for this site to print the resume on its own.",
    });
  }
}

/** 'Download PDF Resume': the resume alone in a print window (or this page, if blocked). */
export function ResumeDownload() {
  return (
    <Button size="lg" className="mt-8 print:hidden" onClick={downloadResume}>
      <DownloadIcon />
      Download PDF Resume
    </Button>
  );
}

/** Resume: work experience beside education and certifications; print or save as PDF. */
export function Resume() {
  return (
    <Page title="Resume" intro={resume.summary}>
      <Island
        name="shell:resume-download"
        hydrate="interaction"
        component={ResumeDownload}
        props={{}}
      />
      <div className="mt-12 grid gap-12 lg:grid-cols-2 print:mt-6 print:block">
        <section aria-labelledby="work-experience">
          <h2 id="work-experience" className="text-2xl font-semibold tracking-tight">
            Work Experience
          </h2>
          <ol className="mt-6 flex flex-col gap-6">
            {resume.experience.map((job) => (
              <li key={`${job.title}-${job.company}`}>
                <Card className="break-inside-avoid">
                  <CardHeader>
                    <CardTitle as="h3" className="text-lg">
                      {job.title}
                    </CardTitle>
                    <CardDescription>
                      <span className="font-medium text-foreground">{job.company}</span> ·{" "}
                      {job.location}
                    </CardDescription>
                    <p className="text-sm text-muted-foreground">{job.duration}</p>
                  </CardHeader>
                  <CardContent>
                    <ul className="list-disc space-y-1.5 pl-5 text-sm marker:text-primary">
                      {job.achievements.map((achievement) => (
                        <li key={achievement}>{achievement}</li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="education-certifications" className="print:mt-8">
          <h2 id="education-certifications" className="text-2xl font-semibold tracking-tight">
            Education & Certifications
          </h2>
          <ul className="mt-6 flex flex-col gap-6">
            {resume.education.map((education) => (
              <li key={education.degree}>
                <Card className="break-inside-avoid">
                  <CardHeader>
                    <CardTitle as="h3" className="text-lg">
                      {education.degree}
                    </CardTitle>
                    <CardDescription className="font-medium text-foreground">
                      {education.university}
                    </CardDescription>
                    <p className="text-sm text-muted-foreground">{education.year}</p>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
          <Card className="mt-6 break-inside-avoid">
            <CardHeader>
              <CardTitle as="h3" className="text-lg">
                Certifications
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-4">
                {resume.certifications.map((certification) => (
                  <li key={certification.name} className="flex items-start justify-between gap-4">
                    <div>
                      <p className="text-sm font-medium">{certification.name}</p>
                      <p className="text-sm text-muted-foreground">{certification.provider}</p>
                    </div>
                    <Badge variant="secondary">{certification.year}</Badge>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </section>
      </div>
    </Page>
  );
}
