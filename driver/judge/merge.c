/* ompkit merge OUT DIR[=LABEL]...: result folders from several nodes (one Slurm job per GPU
 * type, scripts/slurm/) into one folder and one report. Each folder's configurations are renamed
 * CONFIG@LABEL (LABEL: the folder's host unless given), so the same configuration on two GPUs
 * stays two columns, and `ompkit compare OUT --configs A@x,A@y` compares them. A node whose study
 * did not end (its job cancelled, failed, or its node lost) is merged with its finished variants
 * only and named, with the --resume command that completes it: exit 1, since the merged study
 * lacks that part. Exit 0, 2 on bad input; the merged folder is written only when every input
 * loaded. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "status.h"
#include "resultset.h"
#include "provenance.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *f) {
  fprintf(f, "usage: ompkit merge OUT DIR[=LABEL] DIR[=LABEL]...\n"
             "  Merges result folders (each with results.jsonl and provenance.json) into OUT, renaming each\n"
             "  folder's configurations CONFIG@LABEL (LABEL: the folder's host, else its name), and writes\n"
             "  OUT/report.md and report.html. The runs must be of one sweep (quick or full).\n"
             "  results, remarks, compile data (--compile-only) and resources are merged; provenance.json's\n"
             "  merged_from names each part's host, GPU, date, git SHA and Slurm job.\n"
             "  A part whose study did not end (stopped by a signal, or killed with its node) is merged with\n"
             "  its finished variants, named with the `ompkit run --resume DIR` that completes it, and the\n"
             "  merge exits 1; merge again once it is resumed.\n");
}

static int label_ok(const char *s) {
  if (!*s) return 0;
  for (; *s; ++s)
    if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') || ('0' <= *s && *s <= '9') || *s == '-' || *s == '_' ||
          *s == '.'))
      return 0;
  return 1;
}

/* A part (one input folder) and how far its study got. */
struct part {
  json_t *done;   /* an unfinished study's finished variant runs (done.jsonl keys), else NULL */
  char why[256];  /* what is missing; "" when the study ended */
};

/* config|kernel|variant|repeat: a variant run's identity, as ompkit run keys done.jsonl. */
static void run_key(json_t *j, char *buf, size_t n) {
  json_t *r = rs_get(j, OKF_repeat);
  const char *c = rs_str(j, OKF_config),
             *k = rs_str(j, OKF_kernel),
             *v = rs_str(j, OKF_variant);
  snprintf(buf, n, "%s|%s|%s|%ld", c ? c : "", k ? k : "", v ? v : "", json_is_integer(r) ? (long)json_integer_value(r) : 0);
}

static int done_key(const struct ok_jsonl_line *l, void *set) {
  char key[1024];
  if (l->obj) run_key(l->obj, key, sizeof key), json_object_set_new(set, key, json_true());
  return 0;
}

/* DIR/done.jsonl's keys (a torn last line is left out, as ompkit run --resume leaves it). */
static json_t *load_done(const char *dir) {
  char p[4200];
  snprintf(p, sizeof p, "%s/done.jsonl", dir);
  json_t *set = json_object();
  ok_jsonl_each(p, done_key, set);
  return set;
}

/* Whether dir's study ended: ompkit run writes timing.json when it ends, with stopped_by when a
 * signal stopped it; a study killed outright (SIGKILL, its node lost) leaves done.jsonl and no
 * timing.json. A folder with neither predates both and is taken as it is. */
static void part_state(const char *dir, struct part *pt) {
  char p[4200];
  snprintf(p, sizeof p, "%s/timing.json", dir);
  json_t *t = json_load_file(p, 0, NULL);
  snprintf(p, sizeof p, "%s/done.jsonl", dir);
  pt->done = NULL;
  pt->why[0] = 0;
  if (json_is_object(t) && json_object_get(t, "stopped_by")) {
    pt->done = load_done(dir);
    snprintf(pt->why, sizeof pt->why, "stopped by %s after %zu of %ld variant run(s)",
             json_string_value(json_object_get(t, "stopped_by")) ? json_string_value(json_object_get(t, "stopped_by")) : "?",
             json_object_size(pt->done), (long)json_integer_value(json_object_get(t, "variants")));
  } else if (!t && !access(p, F_OK)) {
    pt->done = load_done(dir);
    snprintf(pt->why, sizeof pt->why, "its study did not end (killed, or its node lost) after %zu finished variant run(s)",
             json_object_size(pt->done));
  }
  json_decref(t);
}

/* Appends the JSON lines of path (absent: nothing) to out, configs renamed. done: an unfinished
 * study's finished runs; a variant's lines outside it are left out (ompkit run --resume drops
 * them too: that variant runs again), configuration-level lines are kept. */
struct renamed {
  const char *label;
  json_t *done;
  FILE *out;
};

static int renamed_line(const struct ok_jsonl_line *l, void *vx) {
  struct renamed *x = vx;
  json_t *j = l->obj;
  char key[1024];
  if (!j) return 0;
  run_key(j, key, sizeof key);
  if (x->done && rs_get(j, OKF_kernel) && rs_get(j, OKF_variant) && !json_object_get(x->done, key)) return 0;
  ok_line_normalize(j); /* the merged folder is record format 2 whatever its inputs were */
  const char *c = rs_str(j, OKF_config);
  if (c) {
    char nc[600];
    snprintf(nc, sizeof nc, "%s@%s", c, x->label);
    json_object_set_new(j, OK_FNAME(config), json_string(nc));
  }
  char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
  if (s) fprintf(x->out, "%s\n", s);
  free(s);
  return 0;
}

static int append_renamed(const char *path, const char *label, json_t *done, FILE *out) {
  struct renamed x = {label, done, out};
  ok_jsonl_each(path, renamed_line, &x);
  return 0;
}

/* Loads the input folders (argv's DIR[=LABEL]) into rs and their labels, checked (valid, unique
 * when given, one sweep); *loaded: how many rs hold. Returns OK_EXIT_OK or the usage status. */
static int load_inputs(char **dirs, int nin, struct resultset *rs, char (*labels)[256], int *loaded) {
  const char *sweep = NULL;
  int rc = OK_EXIT_OK;
  for (int i = 0; i < nin && rc == OK_EXIT_OK; ++i) {
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", dirs[i]);
    char *eq = strrchr(dir, '=');
    if (eq) *eq = 0;
    if (rs_load(&rs[i], dir, "merge", 1)) {
      rc = OK_EXIT_USAGE;
      break;
    }
    *loaded = i + 1;
    const char *host = ok_jstr(rs[i].prov, PROV_HOST);
    const char *base = strrchr(dir, '/');
    snprintf(labels[i], sizeof labels[i], "%s", eq ? eq + 1 : host ? host : base ? base + 1 : dir);
    if (!label_ok(labels[i])) {
      ok_err("merge: label '%s' of %s: use letters, digits, '-', '_' or '.' (DIR=LABEL)", labels[i], dir);
      rc = OK_EXIT_USAGE;
      break;
    }
    for (int k = 0; k < i; ++k)
      if (!strcmp(labels[k], labels[i])) {
        if (eq) {
          ok_err("merge: label '%s' given twice", labels[i]);
          rc = OK_EXIT_USAGE;
        } else snprintf(labels[i] + strlen(labels[i]), sizeof labels[i] - strlen(labels[i]), "-%d", i + 1);
      }
    const char *sw = ok_jstr(rs[i].prov, "sweep");
    /* Compile data (a --compile-only job, say on a partition without GPUs) goes with any sweep,
     * as compare pairs it: it has no measured point for the sweep to change. */
    if (sw && !strcmp(sw, "compile-only")) continue;
    if (sw && sweep && strcmp(sw, sweep)) {
      ok_err("merge: %s is a %s run and an earlier folder a %s run; merge runs of one sweep", dir, sw, sweep);
      rc = OK_EXIT_USAGE;
    }
    if (sw) sweep = sw;
  }
  return rc;
}

/* OUT must be new, or a folder without results; created. Returns OK_EXIT_OK or the usage status. */
static int make_out(const char *out) {
  struct stat sb;
  if (!stat(out, &sb) && !access(out, F_OK)) {
    char p[4200];
    snprintf(p, sizeof p, "%s/results.jsonl", out);
    if (!stat(p, &sb)) {
      ok_err("merge: %s already holds results; give a new folder", out);
      return OK_EXIT_USAGE;
    }
  }
  if (ok_mkdirs(out)) {
    ok_err("merge: cannot create %s: %s", out, strerror(errno));
    return OK_EXIT_USAGE;
  }
  return OK_EXIT_OK;
}

/* The files merged line by line, configurations renamed; one is written only where an input has it
 * (an empty compile.jsonl would make a measured study look like a --compile-only one). */
static const char *const merged_files[] = {"results.jsonl", "remarks.jsonl", "compile.jsonl", "resources.jsonl", NULL};
enum { NFILES = 4 };

/* Every folder's lines of name into OUT/name, configurations renamed. Returns -1 when OUT/name
 * cannot be written. */
static int merge_file(const char *out, const char *name, const struct resultset *rs, char (*labels)[256],
                      const struct part *pt, int nin) {
  char p[4200];
  FILE *o = NULL;
  for (int i = 0; i < nin; ++i) {
    snprintf(p, sizeof p, "%s/%s", rs[i].dir, name);
    if (access(p, R_OK)) continue;
    if (!o) {
      char q[4200];
      snprintf(q, sizeof q, "%s/%s", out, name);
      if (!(o = fopen(q, "w"))) return -1;
    }
    append_renamed(p, labels[i], pt[i].done, o);
  }
  if (!o && !strcmp(name, "results.jsonl")) { /* every folder has one, if only empty */
    snprintf(p, sizeof p, "%s/%s", out, name);
    o = fopen(p, "w");
    if (!o) return -1;
  }
  return o && fclose(o) ? -1 : 0;
}

/* merged_from's entry for one part: where it ran (host, GPU, Slurm job), when, which commit, and
 * whether its study ended. */
static json_t *part_entry(const struct resultset *r, const char *label, const struct part *pt) {
  json_t *e = json_pack("{s:s,s:s,s:s?,s:s?,s:s?,s:O?,s:O?}", "label", label, "dir", r->dir, PROV_HOST,
                        ok_jstr(r->prov, PROV_HOST), "date", ok_jstr(r->prov, "date"), "git_sha", ok_jstr(r->prov, "git_sha"),
                        PROV_GPU, json_object_get(r->prov, PROV_GPU), "slurm", json_object_get(r->prov, "slurm"));
  json_t *res = json_object_get(r->prov, "resumed");
  if (json_array_size(res)) json_object_set(e, "resumed", res);
  json_object_set_new(e, "complete", json_boolean(!pt->why[0]));
  if (pt->why[0]) json_object_set_new(e, "missing", json_string(pt->why));
  return e;
}

/* The provenance: the first folder's, its configurations renamed and every folder's own beside. */
static json_t *merged_provenance(const struct resultset *rs, char (*labels)[256], const struct part *pt, int nin) {
  json_t *prov = json_deep_copy(rs[0].prov), *configs = json_array(), *from = json_array();
  for (int i = 0; i < nin; ++i) {
    size_t k;
    json_t *c;
    json_array_foreach(json_object_get(rs[i].prov, "configs"), k, c) {
      json_t *cc = json_deep_copy(c);
      char nc[600];
      snprintf(nc, sizeof nc, "%s@%s", ok_jstr(c, "name") ? ok_jstr(c, "name") : "?", labels[i]);
      json_object_set_new(cc, "name", json_string(nc));
      json_array_append_new(configs, cc);
    }
    json_array_append_new(from, part_entry(&rs[i], labels[i], &pt[i]));
  }
  json_object_set_new(prov, "configs", configs);
  json_object_set_new(prov, "merged_from", from);
  for (int i = 0; i < nin; ++i) /* the measured parts' sweep, when the first part is compile data */
    if (ok_jstr(rs[i].prov, "sweep") && strcmp(ok_jstr(rs[i].prov, "sweep"), "compile-only")) {
      json_object_set_new(prov, "sweep", json_string(ok_jstr(rs[i].prov, "sweep")));
      break;
    }
  json_object_set_new(prov, "record_version", json_integer(OK_RECORD_VERSION));
  /* The first part's own Slurm job and resumptions are its alone: merged_from has each part's. */
  json_object_del(prov, "slurm");
  json_object_del(prov, "resumed");
  char hosts[1024] = "";
  for (int i = 0; i < nin; ++i) snprintf(hosts + strlen(hosts), sizeof hosts - strlen(hosts), "%s%s", i ? "," : "", labels[i]);
  json_object_set_new(prov, PROV_HOST, json_string(hosts));
  return prov;
}

/* OUT's merged files, provenance.json and report. Returns OK_EXIT_OK, OK_EXIT_FINDING when a part
 * is missing, or the usage status. */
static int write_merged(const char *out, const struct resultset *rs, char (*labels)[256], int nin) {
  int rc = OK_EXIT_OK, missing = 0;
  char p[4200];
  struct part *pt = calloc((size_t)nin, sizeof *pt);
  for (int i = 0; i < nin; ++i) part_state(rs[i].dir, &pt[i]);
  for (int f = 0; f < NFILES && rc == OK_EXIT_OK; ++f)
    if (merge_file(out, merged_files[f], rs, labels, pt, nin)) {
      ok_err("merge: cannot write %s/%s", out, merged_files[f]);
      rc = OK_EXIT_USAGE;
    }
  json_t *prov = merged_provenance(rs, labels, pt, nin);
  snprintf(p, sizeof p, "%s/provenance.json", out);
  char *s = json_dumps(prov, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (rc == OK_EXIT_OK && (!s || ok_write_atomic(p, s, strlen(s)))) {
    ok_err("merge: cannot write %s", p);
    rc = OK_EXIT_USAGE;
  }
  free(s);
  json_decref(prov);
  if (rc == OK_EXIT_OK) {
    printf("merge: %d folder(s) into %s:", nin, out);
    for (int i = 0; i < nin; ++i) printf(" %s=%s", rs[i].dir, labels[i]);
    printf("\n");
    for (int i = 0; i < nin; ++i)
      if (pt[i].why[0]) {
        printf("merge: part %s is missing its unfinished variants: %s in %s; merged its finished ones; complete it "
               "with `ompkit run --resume %s`, then merge again\n",
               labels[i], pt[i].why, rs[i].dir, rs[i].dir);
        ++missing;
      }
    report_write(out, 2.0, 1); /* a report problem is reported, the merge stands */
    if (missing) {
      printf("merge: %d of %d part(s) incomplete\n", missing, nin);
      rc = OK_EXIT_FINDING;
    }
  }
  for (int i = 0; i < nin; ++i) json_decref(pt[i].done);
  free(pt);
  return rc;
}

int cmd_merge(int argc, char **argv) {
  static const struct option lo[] = {{"help", 0, 0, 'h'}, {0, 0, 0, 0}};
  int ch;
  opterr = 0;
  optind = 1;
  while ((ch = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
    if (ch != 'h') return ok_bad_option("merge", argv);
    usage(stdout);
    return OK_EXIT_OK;
  }
  if (argc - optind < 2) {
    ok_err("merge: want OUT and at least one result folder (see ompkit merge --help)");
    return OK_EXIT_USAGE;
  }
  const char *out = argv[optind];
  int nin = argc - optind - 1, loaded = 0;
  struct resultset *rs = calloc((size_t)nin, sizeof *rs);
  char(*labels)[256] = calloc((size_t)nin, sizeof *labels);
  int rc = load_inputs(argv + optind + 1, nin, rs, labels, &loaded);
  if (rc == OK_EXIT_OK) rc = make_out(out);
  if (rc == OK_EXIT_OK) rc = write_merged(out, rs, labels, nin);
  for (int i = 0; i < loaded; ++i) rs_free(&rs[i]);
  free(rs);
  free(labels);
  return rc;
}
