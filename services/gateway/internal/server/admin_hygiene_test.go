package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/hygiene"
)

func TestAdminSchedulesAnEdition(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	put := func(id, body string) (int, string) {
		w := f.adminCall(http.MethodPut, "/api/admin/editions/"+id+"/schedule", cookie, send{contentType: "application/json", body: body})
		return w.Code, strings.TrimSpace(w.Body.String())
	}
	at := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339)
	for _, tt := range []struct {
		id, body string
		status   int
		answer   string
	}{
		{"2", `{"at":"` + at + `"}`, http.StatusOK, `{"editionId":2,"at":"` + at + `"}`},
		{"2", `{"at":"2020-01-01T09:00:00Z"}`, http.StatusBadRequest, `{"error":{"code":"invalid","message":"The time must be in the future.","field":"at"}}`},
		{"2", `{"at":"tomorrow"}`, http.StatusBadRequest, `{"error":{"code":"invalid","message":"The time must be RFC 3339, such as 2026-12-01T09:00:00Z.","field":"at"}}`},
		{"99", `{"at":"` + at + `"}`, http.StatusNotFound, `{"error":{"code":"not_found","message":"There is no such edition."}}`},
	} {
		if status, answer := put(tt.id, tt.body); status != tt.status || answer != tt.answer {
			t.Errorf("PUT %s %s: %d %s, want %d %s", tt.id, tt.body, status, answer, tt.status, tt.answer)
		}
	}
	var editions []struct {
		ID          int     `json:"id"`
		ScheduledAt *string `json:"scheduledAt"`
		Results     *struct {
			Sent int `json:"sent"`
		} `json:"results"`
	}
	f.getJSON(t, "/api/admin/editions", cookie, &editions)
	for _, e := range editions {
		if want := e.ID == 2; (e.ScheduledAt != nil) != want || (want && *e.ScheduledAt != at) || e.Results != nil {
			t.Errorf("edition %d: scheduledAt %v, results %v", e.ID, e.ScheduledAt, e.Results)
		}
	}
	if w := f.adminCall(http.MethodDelete, "/api/admin/editions/2/schedule", cookie, send{}); w.Code != http.StatusNoContent {
		t.Errorf("cancel: %d %s", w.Code, w.Body)
	}
	w := f.adminCall(http.MethodDelete, "/api/admin/editions/2/schedule", cookie, send{})
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "This edition is not scheduled; one that has started cannot be cancelled.") {
		t.Errorf("cancel again: %d %s", w.Code, w.Body)
	}
}

func TestAdminListsAndLiftsSuppressions(t *testing.T) {
	f := newFixture(t, adminEnv(t, nil))
	cookie := f.signIn(t)
	if _, err := f.hygiene.Record(context.Background(), []hygiene.Event{
		{Kind: hygiene.Bounce, Bounce: hygiene.Hard, Email: "Gone@example.org", Source: "webhook", Detail: "550 5.1.1 no such user"},
	}); err != nil {
		t.Fatal(err)
	}
	var list struct {
		Items []struct{ Email, Reason, Since, Detail string } `json:"items"`
	}
	f.getJSON(t, "/api/admin/suppressions", cookie, &list)
	if len(list.Items) != 1 || list.Items[0].Email != "Gone@example.org" || list.Items[0].Reason != "hard_bounce" ||
		list.Items[0].Detail != "550 5.1.1 no such user" || list.Items[0].Since == "" {
		t.Fatalf("suppressions %+v", list.Items)
	}
	for _, tt := range []struct {
		query  string
		status int
		answer string
	}{
		{"", http.StatusBadRequest, `{"error":{"code":"invalid","message":"Name the address: ?email=…","field":"email"}}`},
		{"?email=gone%40example.org", http.StatusNoContent, ""},
		{"?email=gone%40example.org", http.StatusNotFound, `{"error":{"code":"not_found","message":"This address is not suppressed."}}`},
	} {
		w := f.adminCall(http.MethodDelete, "/api/admin/suppressions"+tt.query, cookie, send{})
		if w.Code != tt.status || strings.TrimSpace(w.Body.String()) != tt.answer {
			t.Errorf("DELETE %s: %d %s, want %d %s", tt.query, w.Code, w.Body, tt.status, tt.answer)
		}
	}
	f.getJSON(t, "/api/admin/suppressions", cookie, &list)
	if len(list.Items) != 0 {
		t.Errorf("after the lift: %+v", list.Items)
	}
}
