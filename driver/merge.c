/* ompkit merge OUT DIR[=LABEL]...: result folders from several nodes (one Slurm job per GPU
 * type, scripts/slurm/) into one folder and one report. Each folder's configurations are renamed
 * CONFIG@LABEL (LABEL: the folder's host unless given), so the same configuration on two GPUs
 * stays two columns, and `ompkit compare OUT --configs A@x,A@y` compares them. Exit 0, 2 on bad
 * input; the merged folder is written only when every input loaded. */
#define _GNU_SOURCE
#include "ok_record.h"
#include "status.h"
#include "resultset.h"

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
             "  OUT/report.md and report.html. The runs must be of one sweep (quick or full).\n");
}

static int label_ok(const char *s) {
  if (!*s) return 0;
  for (; *s; ++s)
    if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') || ('0' <= *s && *s <= '9') || *s == '-' || *s == '_' ||
          *s == '.'))
      return 0;
  return 1;
}

/* Appends the JSON lines of path (absent: nothing) to out, configs renamed. */
static int append_renamed(const char *path, const char *label, FILE *out) {
  FILE *in = fopen(path, "r");
  if (!in) return 0;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  while ((n = getline(&line, &cap, in)) > 0) {
    json_t *j = json_loads(line, 0, NULL);
    if (!json_is_object(j)) {
      json_decref(j);
      continue;
    }
    ok_line_normalize(j); /* the merged folder is record format 2 whatever its inputs were */
    const char *c = json_string_value(json_object_get(j, OK_FNAME(config)));
    if (c) {
      char nc[600];
      snprintf(nc, sizeof nc, "%s@%s", c, label);
      json_object_set_new(j, OK_FNAME(config), json_string(nc));
    }
    char *s = json_dumps(j, JSON_COMPACT | JSON_PRESERVE_ORDER);
    if (s) fprintf(out, "%s\n", s);
    free(s);
    json_decref(j);
  }
  free(line);
  fclose(in);
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
    const char *host = rs_str(rs[i].prov, "host");
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
    const char *sw = rs_str(rs[i].prov, "sweep");
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

/* Every folder's results and remarks into res and rem, configurations renamed; returns the
 * provenance: the first folder's, its configurations renamed and every folder's own beside. */
static json_t *merge_folders(const struct resultset *rs, char (*labels)[256], int nin, FILE *res, FILE *rem) {
  char p[4200];
  json_t *prov = json_deep_copy(rs[0].prov), *configs = json_array(), *from = json_array();
  for (int i = 0; i < nin && res && rem; ++i) {
    snprintf(p, sizeof p, "%s/results.jsonl", rs[i].dir);
    append_renamed(p, labels[i], res);
    snprintf(p, sizeof p, "%s/remarks.jsonl", rs[i].dir);
    append_renamed(p, labels[i], rem);
    size_t k;
    json_t *c;
    json_array_foreach(json_object_get(rs[i].prov, "configs"), k, c) {
      json_t *cc = json_deep_copy(c);
      char nc[600];
      snprintf(nc, sizeof nc, "%s@%s", rs_str(c, "name") ? rs_str(c, "name") : "?", labels[i]);
      json_object_set_new(cc, "name", json_string(nc));
      json_array_append_new(configs, cc);
    }
    json_t *g = json_object_get(rs[i].prov, "gpu");
    json_array_append_new(from, json_pack("{s:s,s:s,s:s?,s:s?,s:s?,s:O?}", "label", labels[i], "dir", rs[i].dir, "host",
                                          rs_str(rs[i].prov, "host"), "date", rs_str(rs[i].prov, "date"), "git_sha",
                                          rs_str(rs[i].prov, "git_sha"), "gpu", g));
  }
  json_object_set_new(prov, "configs", configs);
  json_object_set_new(prov, "merged_from", from);
  json_object_set_new(prov, "record_version", json_integer(OK_RECORD_VERSION));
  char hosts[1024] = "";
  for (int i = 0; i < nin; ++i) snprintf(hosts + strlen(hosts), sizeof hosts - strlen(hosts), "%s%s", i ? "," : "", labels[i]);
  json_object_set_new(prov, "host", json_string(hosts));
  return prov;
}

/* OUT's results.jsonl, remarks.jsonl, provenance.json and report. Returns OK_EXIT_OK or the usage status. */
static int write_merged(const char *out, const struct resultset *rs, char (*labels)[256], int nin) {
  int rc = OK_EXIT_OK;
  char p[4200];
  snprintf(p, sizeof p, "%s/results.jsonl", out);
  FILE *res = fopen(p, "w");
  snprintf(p, sizeof p, "%s/remarks.jsonl", out);
  FILE *rem = fopen(p, "w");
  json_t *prov = merge_folders(rs, labels, nin, res, rem);
  if (!res || !rem) {
    ok_err("merge: cannot write in %s", out);
    rc = OK_EXIT_USAGE;
  }
  if (res) fclose(res);
  if (rem) fclose(rem);
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
    report_write(out, 2.0, 1); /* a report problem is reported, the merge stands */
  }
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
