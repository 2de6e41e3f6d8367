package deploy_test

import (
	"bytes"
	"fmt"
	"net/url"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"sigs.k8s.io/yaml"
)

// rendered is an overlay as kubectl kustomize renders it, every object decoded
// strictly into its official API type.
type rendered struct {
	deployments []*appsv1.Deployment
	configMaps  []*corev1.ConfigMap
	services    []*corev1.Service
	pvcs        []*corev1.PersistentVolumeClaim
	ingresses   []*networkingv1.Ingress
	policies    []*networkingv1.NetworkPolicy
	hpas        []*autoscalingv2.HorizontalPodAutoscaler
	pdbs        []*policyv1.PodDisruptionBudget
	accounts    []*corev1.ServiceAccount
	// CloudNativePG's (overlays/ha-cnpg), decoded into the parts this repository sets.
	clusters  []*cnpgCluster
	stores    []*cnpgObjectStore
	schedules []*cnpgScheduledBackup
}

// objectMeta is the metadata the CloudNativePG objects here carry.
type objectMeta struct {
	Name string `json:"name"`
}

// cnpgCluster is the part of a CloudNativePG Cluster (postgresql.cnpg.io/v1) the
// overlay sets; strict decoding refuses any field not listed (a typo).
type cnpgCluster struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Instances int    `json:"instances"`
		ImageName string `json:"imageName"`
		Storage   struct {
			Size string `json:"size"`
		} `json:"storage"`
		Bootstrap struct {
			Initdb struct {
				Database string `json:"database"`
				Owner    string `json:"owner"`
			} `json:"initdb"`
		} `json:"bootstrap"`
		Postgresql struct {
			Synchronous struct {
				Method string `json:"method"`
				Number int    `json:"number"`
			} `json:"synchronous"`
			Parameters map[string]string `json:"parameters"`
		} `json:"postgresql"`
		Plugins []struct {
			Name          string            `json:"name"`
			IsWALArchiver bool              `json:"isWALArchiver"`
			Parameters    map[string]string `json:"parameters"`
		} `json:"plugins"`
	} `json:"spec"`
}

type secretKey struct {
	Name string `json:"name"`
	Key  string `json:"key"`
}

// cnpgObjectStore is the Barman Cloud plugin's ObjectStore (barmancloud.cnpg.io/v1).
type cnpgObjectStore struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		RetentionPolicy string `json:"retentionPolicy"`
		Configuration   struct {
			DestinationPath string `json:"destinationPath"`
			EndpointURL     string `json:"endpointURL"`
			S3Credentials   struct {
				AccessKeyID     secretKey `json:"accessKeyId"`
				SecretAccessKey secretKey `json:"secretAccessKey"`
			} `json:"s3Credentials"`
			WAL struct {
				Compression string `json:"compression"`
			} `json:"wal"`
			Data struct {
				Compression string `json:"compression"`
			} `json:"data"`
		} `json:"configuration"`
	} `json:"spec"`
}

// cnpgScheduledBackup is a CloudNativePG ScheduledBackup.
type cnpgScheduledBackup struct {
	APIVersion string     `json:"apiVersion"`
	Kind       string     `json:"kind"`
	Metadata   objectMeta `json:"metadata"`
	Spec       struct {
		Schedule             string `json:"schedule"`
		BackupOwnerReference string `json:"backupOwnerReference"`
		Cluster              struct {
			Name string `json:"name"`
		} `json:"cluster"`
		Method              string `json:"method"`
		PluginConfiguration struct {
			Name string `json:"name"`
		} `json:"pluginConfiguration"`
	} `json:"spec"`
}

// render runs `kubectl kustomize` on an overlay and decodes every object: an unknown
// kind, or a field its type does not have (a typo, a field from another version),
// fails the test.
func render(t *testing.T, overlay string) rendered {
	t.Helper()
	kubectl := requireTool(t, "kubectl")
	out, err := exec.Command(kubectl, "kustomize", "kubernetes/overlays/"+overlay).CombinedOutput()
	if err != nil {
		t.Fatalf("kubectl kustomize %s: %v\n%s", overlay, err, out)
	}
	var r rendered
	for i, doc := range bytes.Split(out, []byte("\n---\n")) {
		var head struct{ APIVersion, Kind string }
		if err := yaml.Unmarshal(doc, &head); err != nil {
			t.Fatalf("object %d: %v", i, err)
		}
		var obj any
		switch head.APIVersion + " " + head.Kind {
		case "apps/v1 Deployment":
			o := &appsv1.Deployment{}
			r.deployments, obj = append(r.deployments, o), o
		case "v1 ConfigMap":
			o := &corev1.ConfigMap{}
			r.configMaps, obj = append(r.configMaps, o), o
		case "v1 Service":
			o := &corev1.Service{}
			r.services, obj = append(r.services, o), o
		case "v1 PersistentVolumeClaim":
			o := &corev1.PersistentVolumeClaim{}
			r.pvcs, obj = append(r.pvcs, o), o
		case "v1 ServiceAccount":
			o := &corev1.ServiceAccount{}
			r.accounts, obj = append(r.accounts, o), o
		case "networking.k8s.io/v1 Ingress":
			o := &networkingv1.Ingress{}
			r.ingresses, obj = append(r.ingresses, o), o
		case "networking.k8s.io/v1 NetworkPolicy":
			o := &networkingv1.NetworkPolicy{}
			r.policies, obj = append(r.policies, o), o
		case "autoscaling/v2 HorizontalPodAutoscaler":
			o := &autoscalingv2.HorizontalPodAutoscaler{}
			r.hpas, obj = append(r.hpas, o), o
		case "policy/v1 PodDisruptionBudget":
			o := &policyv1.PodDisruptionBudget{}
			r.pdbs, obj = append(r.pdbs, o), o
		case "postgresql.cnpg.io/v1 Cluster":
			o := &cnpgCluster{}
			r.clusters, obj = append(r.clusters, o), o
		case "barmancloud.cnpg.io/v1 ObjectStore":
			o := &cnpgObjectStore{}
			r.stores, obj = append(r.stores, o), o
		case "postgresql.cnpg.io/v1 ScheduledBackup":
			o := &cnpgScheduledBackup{}
			r.schedules, obj = append(r.schedules, o), o
		case "v1 Secret":
			t.Fatalf("%s renders a Secret: secrets are created out of band, never committed", overlay)
		default:
			t.Fatalf("object %d: unexpected %s %s", i, head.APIVersion, head.Kind)
		}
		if err := yaml.UnmarshalStrict(doc, obj); err != nil {
			t.Fatalf("%s object %d (%s): %v", overlay, i, head.Kind, err)
		}
	}
	if len(r.deployments) != 1 || len(r.configMaps) != 1 || len(r.services) != 1 || len(r.ingresses) != 3 || len(r.policies) != 1 {
		t.Fatalf("%s: want one Deployment, ConfigMap, Service and NetworkPolicy, and three Ingresses (the site's, the deploy API's with room for a release, the admin's)", overlay)
	}
	for _, in := range r.ingresses {
		body := in.Annotations["nginx.ingress.kubernetes.io/proxy-body-size"]
		path := in.Spec.Rules[0].HTTP.Paths[0].Path
		if (path == "/api/sections/") != (body == "32m") {
			t.Errorf("%s: Ingress %s for %s has a body limit of %s; only /api/sections/ takes a release (32m)", overlay, in.Name, path, body)
		}
	}
	checkAdminOrigin(t, overlay, r)
	return r
}

// checkAdminOrigin: the admin is on an origin of its own (docs/decisions/0047): the
// Ingress of PORTFOLIO_ADMIN_URL's host leads to the gateway's admin listener, and
// only it; the site's Ingresses, on PORTFOLIO_PUBLIC_URL's host, never do.
func checkAdminOrigin(t *testing.T, overlay string, r rendered) {
	t.Helper()
	settings := r.configMaps[0].Data
	public, admin := hostOf(t, settings["PORTFOLIO_PUBLIC_URL"]), hostOf(t, settings["PORTFOLIO_ADMIN_URL"])
	if admin == "" || admin == public {
		t.Fatalf("%s: PORTFOLIO_ADMIN_URL %q, want a host of its own beside %q", overlay, settings["PORTFOLIO_ADMIN_URL"], public)
	}
	listener := strings.TrimPrefix(settings["PORTFOLIO_ADMIN_ADDR"], "0.0.0.0:")
	var ports []string
	for _, p := range r.deployments[0].Spec.Template.Spec.Containers[0].Ports {
		if p.Name == "admin" {
			ports = append(ports, strconv.Itoa(int(p.ContainerPort)))
		}
	}
	if strings.Join(ports, ",") != listener {
		t.Errorf("%s: container ports named admin %v, want PORTFOLIO_ADMIN_ADDR's %s", overlay, ports, listener)
	}
	for _, in := range r.ingresses {
		rule := in.Spec.Rules[0]
		port := rule.HTTP.Paths[0].Backend.Service.Port.Name
		switch rule.Host {
		case admin:
			if port != "admin" || in.Spec.TLS[0].Hosts[0] != admin {
				t.Errorf("%s: Ingress %s for the admin's host goes to port %q (TLS %v), want admin with its own certificate", overlay, in.Name, port, in.Spec.TLS)
			}
		case public:
			if port != "http" {
				t.Errorf("%s: Ingress %s for the site's host goes to port %q, want http: the admin is never on the site's host", overlay, in.Name, port)
			}
		default:
			t.Errorf("%s: Ingress %s for %q, neither the site's host nor the admin's", overlay, in.Name, rule.Host)
		}
	}
}

func hostOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatalf("%q: %v", raw, err)
	}
	return u.Host
}

func TestKubernetesOverlays(t *testing.T) {
	for _, overlay := range []string{"single", "ha", "ha-cnpg"} {
		t.Run(overlay, func(t *testing.T) {
			r := render(t, overlay)
			checkPolicies(t, r)
			checkShutdown(t, r)
			checkNetworkPolicy(t, overlay, r.policies[0])
			d := r.deployments[0]
			env := envOf(d.Spec.Template.Spec.Containers[0])
			switch overlay {
			case "single":
				if d.Spec.Replicas == nil || *d.Spec.Replicas != 1 || d.Spec.Strategy.Type != appsv1.RecreateDeploymentStrategyType {
					t.Errorf("single: replicas %v, strategy %s; want exactly 1 and Recreate (SQLite on a ReadWriteOnce volume)", d.Spec.Replicas, d.Spec.Strategy.Type)
				}
				if len(r.hpas) != 0 {
					t.Error("single: an autoscaler would scale SQLite past one replica")
				}
				if v := volume(d, "data"); v == nil || v.PersistentVolumeClaim == nil || v.EmptyDir != nil || !hasClaim(r, v.PersistentVolumeClaim.ClaimName) {
					t.Errorf("single: the data volume is %+v, want the overlay's claim", v)
				}
				// Scheduled backups onto a claim of their own, not the data volume.
				b := volume(d, "backups")
				if e := env["PORTFOLIO_BACKUP_DIR"]; b == nil || b.PersistentVolumeClaim == nil || !hasClaim(r, b.PersistentVolumeClaim.ClaimName) ||
					b.PersistentVolumeClaim.ClaimName == volume(d, "data").PersistentVolumeClaim.ClaimName ||
					mountOf(d.Spec.Template.Spec.Containers[0], e.Value) == nil || mountOf(d.Spec.Template.Spec.Containers[0], e.Value).Name != "backups" {
					t.Errorf("single: PORTFOLIO_BACKUP_DIR %q, backups volume %+v: want a claim of their own mounted there", e.Value, b)
				}
				if _, ok := env["PORTFOLIO_DATABASE_URL"]; ok {
					t.Error("single sets PORTFOLIO_DATABASE_URL: it runs on SQLite")
				}
				// Replication on once its Secret exists; the pod starts without it.
				for _, name := range []string{"PORTFOLIO_REPLICA_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"} {
					ref := env[name].ValueFrom
					if ref == nil || ref.SecretKeyRef == nil || ref.SecretKeyRef.Name != "portfolio-replica" || ref.SecretKeyRef.Optional == nil || !*ref.SecretKeyRef.Optional {
						t.Errorf("single: %s from %+v, want the optional Secret portfolio-replica", name, ref)
					}
				}
			case "ha", "ha-cnpg":
				if d.Spec.Replicas == nil || *d.Spec.Replicas < 3 {
					t.Errorf("ha: replicas %v, want 3 or more", d.Spec.Replicas)
				}
				if len(r.hpas) != 1 || r.hpas[0].Spec.MinReplicas == nil || *r.hpas[0].Spec.MinReplicas < 3 || r.hpas[0].Spec.ScaleTargetRef.Name != d.Name {
					t.Errorf("ha: want an autoscaler of %s with at least 3 replicas", d.Name)
				}
				if len(r.pdbs) != 1 || r.pdbs[0].Spec.MinAvailable == nil || r.pdbs[0].Spec.MinAvailable.IntValue() < 2 {
					t.Error("ha: want a PodDisruptionBudget keeping at least 2 available")
				}
				for _, name := range []string{"PORTFOLIO_BACKUP_DIR", "PORTFOLIO_REPLICA_URL"} {
					if _, ok := env[name]; ok {
						t.Errorf("ha sets %s, which the gateway refuses on PostgreSQL (it archives its own WAL)", name)
					}
				}
				if e, ok := env["PORTFOLIO_DATABASE_URL"]; !ok || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
					t.Error("ha: PORTFOLIO_DATABASE_URL must come from a Secret")
				}
				if overlay == "ha-cnpg" {
					checkArchiving(t, r, env["PORTFOLIO_DATABASE_URL"].ValueFrom.SecretKeyRef)
				} else if len(r.clusters) != 0 {
					t.Error("ha runs on an external PostgreSQL: no Cluster of its own")
				}
			}
		})
	}
}

// checkArchiving: ha-cnpg's PostgreSQL loses no commit with a disk (a synchronous
// standby among three instances), archives its WAL continuously (at least every
// minute) to an object store whose keys come from a Secret, with a daily base
// backup: a lost cluster is recovered to a point in time (docs/decisions/0053). The
// gateway connects with the URL the operator makes for the Cluster.
func checkArchiving(t *testing.T, r rendered, dbURL *corev1.SecretKeySelector) {
	t.Helper()
	if len(r.clusters) != 1 || len(r.stores) != 1 || len(r.schedules) != 1 {
		t.Fatalf("ha-cnpg: %d Clusters, %d ObjectStores, %d ScheduledBackups; want one of each", len(r.clusters), len(r.stores), len(r.schedules))
	}
	c, store, sched := r.clusters[0].Spec, r.stores[0], r.schedules[0].Spec
	if c.Instances < 3 || c.Postgresql.Synchronous.Number < 1 {
		t.Errorf("ha-cnpg: %d instances, %d synchronous standbys; want 3 and at least 1", c.Instances, c.Postgresql.Synchronous.Number)
	}
	if _, tag, ok := strings.Cut(c.ImageName, ":"); !ok || tag == "" || tag == "latest" {
		t.Errorf("ha-cnpg: PostgreSQL image %q, want a pinned tag", c.ImageName)
	}
	if d, err := time.ParseDuration(c.Postgresql.Parameters["archive_timeout"]); err != nil || d > time.Minute {
		t.Errorf("ha-cnpg: archive_timeout %q, want a minute or less (the most a lost cluster loses)", c.Postgresql.Parameters["archive_timeout"])
	}
	archiving := false
	for _, p := range c.Plugins {
		if p.Name == "barman-cloud.cloudnative-pg.io" && p.IsWALArchiver && p.Parameters["barmanObjectName"] == store.Metadata.Name {
			archiving = true
		}
	}
	if !archiving {
		t.Errorf("ha-cnpg: the Cluster's plugins %+v do not archive its WAL to %s", c.Plugins, store.Metadata.Name)
	}
	conf := store.Spec.Configuration
	if !strings.HasPrefix(conf.DestinationPath, "s3://") || conf.S3Credentials.AccessKeyID.Name == "" || conf.S3Credentials.SecretAccessKey.Name == "" || store.Spec.RetentionPolicy == "" {
		t.Errorf("ha-cnpg: ObjectStore %+v, want an s3:// destination, keys from a Secret and a retention", store.Spec)
	}
	if sched.Cluster.Name != r.clusters[0].Metadata.Name || sched.Method != "plugin" || sched.PluginConfiguration.Name != "barman-cloud.cloudnative-pg.io" {
		t.Errorf("ha-cnpg: ScheduledBackup %+v, want the Cluster's base backups through the plugin", sched)
	}
	if dbURL.Name != r.clusters[0].Metadata.Name+"-app" || dbURL.Key != "uri" {
		t.Errorf("ha-cnpg: PORTFOLIO_DATABASE_URL from %s/%s, want the operator's %s-app/uri", dbURL.Name, dbURL.Key, r.clusters[0].Metadata.Name)
	}
}

// checkPolicies: every container has CPU and memory limits, all three probes, runs
// as a non-root user on a read-only root filesystem without capabilities, under the
// runtime's seccomp profile, from an image with a pinned tag; secrets come from
// secretKeyRef, never as values.
func checkPolicies(t *testing.T, r rendered) {
	for _, d := range r.deployments {
		pod := d.Spec.Template.Spec
		podNonRoot := pod.SecurityContext != nil && pod.SecurityContext.RunAsNonRoot != nil && *pod.SecurityContext.RunAsNonRoot
		if pod.SecurityContext == nil || pod.SecurityContext.SeccompProfile == nil || pod.SecurityContext.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("%s: seccomp profile is not RuntimeDefault", d.Name)
		}
		if len(pod.TopologySpreadConstraints) == 0 {
			t.Errorf("%s: no topology spread constraints", d.Name)
		}
		for _, c := range slices.Concat(pod.InitContainers, pod.Containers) {
			name := d.Name + "/" + c.Name
			if c.Resources.Limits.Cpu().IsZero() || c.Resources.Limits.Memory().IsZero() || c.Resources.Requests.Memory().IsZero() {
				t.Errorf("%s: resources %+v, want requests and CPU and memory limits", name, c.Resources)
			}
			if c.ReadinessProbe == nil || c.LivenessProbe == nil || c.StartupProbe == nil {
				t.Errorf("%s: want readiness, liveness and startup probes", name)
			}
			sc := c.SecurityContext
			if sc == nil {
				t.Errorf("%s: no securityContext", name)
				continue
			}
			if !podNonRoot && (sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot) {
				t.Errorf("%s: not runAsNonRoot", name)
			}
			if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
				t.Errorf("%s: root filesystem is writable", name)
			}
			if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
				t.Errorf("%s: privilege escalation allowed", name)
			}
			if sc.Capabilities == nil || !slices.Equal(sc.Capabilities.Drop, []corev1.Capability{"ALL"}) || len(sc.Capabilities.Add) > 0 {
				t.Errorf("%s: capabilities %+v, want all dropped", name, sc.Capabilities)
			}
			_, tag, ok := strings.Cut(c.Image[strings.LastIndex(c.Image, "/")+1:], ":")
			if !ok || tag == "" || tag == "latest" {
				t.Errorf("%s: image %q, want a pinned tag", name, c.Image)
			}
			if m := mountOf(c, "/tmp"); m == nil || volume(d, m.Name) == nil || volume(d, m.Name).EmptyDir == nil {
				t.Errorf("%s: /tmp is not an emptyDir (the root filesystem is read-only)", name)
			}
			for _, e := range c.Env {
				if strings.Contains(e.Name, "PASSWORD") || strings.Contains(e.Name, "DATABASE_URL") {
					if e.Value != "" || e.ValueFrom == nil || e.ValueFrom.SecretKeyRef == nil {
						t.Errorf("%s: %s must come from a Secret", name, e.Name)
					}
				}
			}
		}
	}
	for _, cm := range r.configMaps {
		for k := range cm.Data {
			if strings.Contains(k, "PASSWORD") || strings.Contains(k, "DATABASE_URL") {
				t.Errorf("ConfigMap %s holds %s: a secret", cm.Name, k)
			}
		}
	}
}

// checkShutdown: readiness fails first, then requests drain, then the mail worker
// stops, all before Kubernetes kills the pod.
func checkShutdown(t *testing.T, r rendered) {
	d := r.deployments[0]
	pod := d.Spec.Template.Spec
	settings := r.configMaps[0].Data
	delay, err1 := time.ParseDuration(settings["PORTFOLIO_SHUTDOWN_DELAY"])
	send, err2 := time.ParseDuration(settings["PORTFOLIO_OUTBOX_SEND_TIMEOUT"])
	if err1 != nil || err2 != nil {
		t.Fatalf("ConfigMap: PORTFOLIO_SHUTDOWN_DELAY %v, PORTFOLIO_OUTBOX_SEND_TIMEOUT %v", err1, err2)
	}
	const httpDrain = 15 * time.Second // shutdownTimeout in cmd/gateway/run.go
	grace := time.Duration(*pod.TerminationGracePeriodSeconds) * time.Second
	if need := delay + httpDrain + send; grace <= need {
		t.Errorf("terminationGracePeriodSeconds %s, want more than %s (shutdown delay + HTTP drain + send timeout)", grace, need)
	}
	rp := pod.Containers[0].ReadinessProbe
	if rp.HTTPGet == nil || rp.HTTPGet.Path != "/readyz" {
		t.Fatalf("readiness probe %+v, want GET /readyz", rp)
	}
	// The pod must be seen unready within the delay: one failed probe, one period.
	if seen := time.Duration(rp.PeriodSeconds*rp.FailureThreshold) * time.Second; seen >= delay {
		t.Errorf("readiness notices the drain after %s, not within PORTFOLIO_SHUTDOWN_DELAY %s", seen, delay)
	}
	if lp := pod.Containers[0].LivenessProbe; lp.HTTPGet == nil || lp.HTTPGet.Path != "/healthz" {
		t.Errorf("liveness probe %+v, want GET /healthz (which keeps answering while draining)", lp)
	}
}

// checkNetworkPolicy: egress reaches DNS, PostgreSQL and SMTP only.
func checkNetworkPolicy(t *testing.T, overlay string, np *networkingv1.NetworkPolicy) {
	if !slices.Contains(np.Spec.PolicyTypes, networkingv1.PolicyTypeEgress) {
		t.Fatal("NetworkPolicy does not restrict egress")
	}
	if np.Spec.PodSelector.MatchLabels["app.kubernetes.io/name"] != "portfolio" {
		t.Errorf("NetworkPolicy selects %v, want the gateway's pods", np.Spec.PodSelector)
	}
	var ports []string
	for _, rule := range np.Spec.Egress {
		if len(rule.Ports) == 0 {
			t.Errorf("an egress rule allows every port: %+v", rule)
		}
		for _, p := range rule.Ports {
			ports = append(ports, fmt.Sprintf("%s/%s", p.Port.String(), *p.Protocol))
		}
	}
	slices.Sort(ports)
	want := []string{"25/TCP", "465/TCP", "53/TCP", "53/UDP", "5432/TCP", "587/TCP"}
	if overlay == "single" {
		// And the replica's object store over HTTPS (docs/decisions/0053).
		want = []string{"25/TCP", "443/TCP", "465/TCP", "53/TCP", "53/UDP", "5432/TCP", "587/TCP"}
	}
	if !slices.Equal(ports, want) {
		t.Errorf("%s: egress ports %v, want only DNS, PostgreSQL and SMTP (and on single the object store) %v", overlay, ports, want)
	}
}

func envOf(c corev1.Container) map[string]corev1.EnvVar {
	m := map[string]corev1.EnvVar{}
	for _, e := range c.Env {
		m[e.Name] = e
	}
	return m
}

// hasClaim reports whether the overlay renders the PersistentVolumeClaim name.
func hasClaim(r rendered, name string) bool {
	return slices.ContainsFunc(r.pvcs, func(c *corev1.PersistentVolumeClaim) bool { return c.Name == name })
}

func volume(d *appsv1.Deployment, name string) *corev1.Volume {
	for i, v := range d.Spec.Template.Spec.Volumes {
		if v.Name == name {
			return &d.Spec.Template.Spec.Volumes[i]
		}
	}
	return nil
}

func mountOf(c corev1.Container, path string) *corev1.VolumeMount {
	for i, m := range c.VolumeMounts {
		if m.MountPath == path {
			return &c.VolumeMounts[i]
		}
	}
	return nil
}
