/* LLVM optimization-record parser on libyaml's event API: one record at a time, bounded memory,
 * a one-line "FILE:LINE: why" error on anything it does not understand. */
#include "remarks.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

enum {
  ARENA_BYTES = 1 << 20,        /* strings of one record */
  MAX_DEPTH = 32,               /* nesting a record may have (LLVM writes 3) */
  MAX_BYTES_PER_EVENT = 4 << 20 /* input consumed for one event: caps libyaml's token buffer */
};

struct ctx {
  yaml_parser_t parser;
  yaml_event_t ev;
  int have_ev;
  const char *name;
  char *err;
  size_t errlen;
  int failed;
  FILE *file;
  const unsigned char *buf;
  size_t buflen, bufpos;
  size_t fed;     /* bytes given to libyaml since the last event */
  int too_large;
  char *arena;
  size_t used;
  struct ok_remark rec;
};

static int fail(struct ctx *c, size_t line, const char *fmt, ...) {
  if (c->failed) return -1;
  c->failed = 1;
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  snprintf(c->err, c->errlen, "%s:%zu: %s", c->name, line, msg);
  return -1;
}

static size_t ev_line(const struct ctx *c) { return c->have_ev ? c->ev.start_mark.line + 1 : c->parser.mark.line + 1; }

static int read_handler(void *data, unsigned char *out, size_t size, size_t *got) {
  struct ctx *c = data;
  if (c->fed > MAX_BYTES_PER_EVENT) {
    c->too_large = 1;
    return 0;
  }
  if (c->file) {
    *got = fread(out, 1, size, c->file);
    if (*got == 0 && ferror(c->file)) return 0;
  } else {
    size_t n = c->buflen - c->bufpos;
    if (n > size) n = size;
    memcpy(out, c->buf + c->bufpos, n);
    c->bufpos += n;
    *got = n;
  }
  c->fed += *got;
  return 1;
}

static int next(struct ctx *c) {
  if (c->have_ev) yaml_event_delete(&c->ev);
  c->have_ev = 0;
  c->fed = 0;
  if (!yaml_parser_parse(&c->parser, &c->ev)) {
    if (c->too_large) return fail(c, c->parser.mark.line + 1, "token larger than %d bytes", MAX_BYTES_PER_EVENT);
    return fail(c, c->parser.problem_mark.line + 1, "malformed YAML: %s",
                c->parser.problem ? c->parser.problem : "unknown error");
  }
  c->have_ev = 1;
  if (c->ev.type == YAML_ALIAS_EVENT) return fail(c, ev_line(c), "YAML aliases do not occur in optimization records");
  return 0;
}

static const char *keep(struct ctx *c, const char *s, size_t n) {
  if (c->used + n + 1 > ARENA_BYTES) {
    fail(c, ev_line(c), "record larger than %d bytes", ARENA_BYTES);
    return NULL;
  }
  char *d = c->arena + c->used;
  memcpy(d, s, n);
  d[n] = 0;
  c->used += n + 1;
  return d;
}

static const char *scalar(struct ctx *c, const char *what) {
  if (c->ev.type != YAML_SCALAR_EVENT) {
    fail(c, ev_line(c), "%s: expected a scalar", what);
    return NULL;
  }
  return keep(c, (const char *)c->ev.data.scalar.value, c->ev.data.scalar.length);
}

/* Skips the node whose start event is current, however deep (up to MAX_DEPTH). */
static int skip_node(struct ctx *c, int depth) {
  if (c->ev.type == YAML_SCALAR_EVENT) return 0;
  if (c->ev.type != YAML_MAPPING_START_EVENT && c->ev.type != YAML_SEQUENCE_START_EVENT)
    return fail(c, ev_line(c), "unexpected YAML event");
  int level = 1;
  while (level > 0) {
    if (depth + level > MAX_DEPTH) return fail(c, ev_line(c), "nesting deeper than %d", MAX_DEPTH);
    if (next(c)) return -1;
    switch (c->ev.type) {
    case YAML_MAPPING_START_EVENT:
    case YAML_SEQUENCE_START_EVENT: ++level; break;
    case YAML_MAPPING_END_EVENT:
    case YAML_SEQUENCE_END_EVENT: --level; break;
    case YAML_SCALAR_EVENT: break;
    default: return fail(c, ev_line(c), "truncated record");
    }
  }
  return 0;
}

static int to_int(struct ctx *c, const char *s, const char *what, int *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < 0 || v > 1 << 30) return fail(c, ev_line(c), "%s: expected an integer", what);
  *out = (int)v;
  return 0;
}

static int parse_debugloc(struct ctx *c, int depth, int into_record) {
  if (c->ev.type != YAML_MAPPING_START_EVENT) return fail(c, ev_line(c), "DebugLoc: expected a mapping");
  for (;;) {
    if (next(c)) return -1;
    if (c->ev.type == YAML_MAPPING_END_EVENT) return 0;
    const char *k = scalar(c, "DebugLoc key");
    if (!k || next(c)) return -1;
    if (!into_record) {
      if (skip_node(c, depth + 1)) return -1;
    } else if (!strcmp(k, "File")) {
      if (!(c->rec.file = scalar(c, "DebugLoc File"))) return -1;
    } else if (!strcmp(k, "Line") || !strcmp(k, "Column")) {
      const char *v = scalar(c, "DebugLoc Line/Column");
      if (!v || to_int(c, v, k, !strcmp(k, "Line") ? &c->rec.line : &c->rec.column)) return -1;
    } else if (skip_node(c, depth + 1)) return -1;
  }
}

static int parse_args(struct ctx *c, int depth) {
  if (c->ev.type != YAML_SEQUENCE_START_EVENT) return fail(c, ev_line(c), "Args: expected a sequence");
  for (;;) {
    if (next(c)) return -1;
    if (c->ev.type == YAML_SEQUENCE_END_EVENT) return 0;
    if (c->ev.type != YAML_MAPPING_START_EVENT) return fail(c, ev_line(c), "Args: expected a mapping per argument");
    int taken = 0;
    for (;;) {
      if (next(c)) return -1;
      if (c->ev.type == YAML_MAPPING_END_EVENT) break;
      const char *k = scalar(c, "argument key");
      if (!k || next(c)) return -1;
      if (!strcmp(k, "DebugLoc")) {
        if (parse_debugloc(c, depth + 2, 0)) return -1;
      } else if (!taken && c->rec.nargs == OK_REMARK_MAX_ARGS) {
        /* Keep the record, drop the rest: asm-printer's instruction-mix remarks carry one
         * argument per opcode (hundreds in a large file) and must not end the whole file. */
        c->rec.args_dropped++;
        taken = 1;
        if (skip_node(c, depth + 2)) return -1;
      } else if (!taken) {
        const char *v = scalar(c, k);
        if (!v) return -1;
        c->rec.args[c->rec.nargs].key = k;
        c->rec.args[c->rec.nargs].value = v;
        c->rec.nargs++;
        taken = 1;
      } else if (skip_node(c, depth + 2)) return -1;
    }
  }
}

/* Current event: the record's MAPPING_START. */
static int parse_record(struct ctx *c) {
  const char *tag = (const char *)c->ev.data.mapping_start.tag;
  size_t line = ev_line(c);
  if (!tag || tag[0] != '!' || !tag[1]) return fail(c, line, "record without a kind tag (!Passed, !Missed, ...)");
  static const char *kinds[] = {"Passed", "Missed", "Analysis", "AnalysisFPCommute", "AnalysisAliasing", "Failure", NULL};
  int known = 0;
  for (int i = 0; kinds[i]; ++i) known |= !strcmp(tag + 1, kinds[i]);
  if (!known) return fail(c, line, "unknown record kind '%.64s'", tag);
  memset(&c->rec, 0, sizeof c->rec);
  c->used = 0;
  if (!(c->rec.kind = keep(c, tag + 1, strlen(tag + 1)))) return -1;
  for (;;) {
    if (next(c)) return -1;
    if (c->ev.type == YAML_MAPPING_END_EVENT) break;
    const char *k = scalar(c, "record key");
    if (!k || next(c)) return -1;
    if (!strcmp(k, "Pass")) {
      if (!(c->rec.pass = scalar(c, "Pass"))) return -1;
    } else if (!strcmp(k, "Name")) {
      if (!(c->rec.name = scalar(c, "Name"))) return -1;
    } else if (!strcmp(k, "Function")) {
      if (!(c->rec.function = scalar(c, "Function"))) return -1;
    } else if (!strcmp(k, "DebugLoc")) {
      if (parse_debugloc(c, 1, 1)) return -1;
    } else if (!strcmp(k, "Args")) {
      if (parse_args(c, 1)) return -1;
    } else if (skip_node(c, 1)) return -1;
  }
  if (!c->rec.pass || !c->rec.name || !c->rec.function)
    return fail(c, line, "record without Pass, Name or Function");
  size_t n = 0;
  for (int i = 0; i < c->rec.nargs; ++i) n += strlen(c->rec.args[i].value);
  if (c->used + n + 1 > ARENA_BYTES) return fail(c, line, "record larger than %d bytes", ARENA_BYTES);
  char *m = c->arena + c->used;
  m[0] = 0;
  for (int i = 0; i < c->rec.nargs; ++i) strcat(m, c->rec.args[i].value);
  c->used += n + 1;
  c->rec.message = m;
  return 0;
}

static long parse(struct ctx *c, ok_remark_cb cb, void *ud) {
  long count = 0;
  c->arena = malloc(ARENA_BYTES);
  if (!c->arena || !yaml_parser_initialize(&c->parser)) {
    free(c->arena);
    snprintf(c->err, c->errlen, "%s: out of memory", c->name);
    return -1;
  }
  yaml_parser_set_input(&c->parser, read_handler, c);
  int stop = 0;
  if (next(c) == 0 && c->ev.type != YAML_STREAM_START_EVENT) fail(c, ev_line(c), "not a YAML stream");
  while (!c->failed && !stop) {
    if (next(c)) break;
    if (c->ev.type == YAML_STREAM_END_EVENT) break;
    if (c->ev.type != YAML_DOCUMENT_START_EVENT) {
      fail(c, ev_line(c), "expected a document");
      break;
    }
    if (next(c)) break;
    if (c->ev.type != YAML_MAPPING_START_EVENT) {
      fail(c, ev_line(c), "expected a record (a tagged mapping)");
      break;
    }
    if (parse_record(c)) break;
    if (next(c)) break;
    if (c->ev.type != YAML_DOCUMENT_END_EVENT) {
      fail(c, ev_line(c), "expected the end of the record");
      break;
    }
    ++count;
    if (cb && cb(&c->rec, ud)) stop = 1;
  }
  if (c->have_ev) yaml_event_delete(&c->ev);
  yaml_parser_delete(&c->parser);
  free(c->arena);
  return c->failed ? -1 : count;
}

long ok_remarks_parse_file(const char *path, ok_remark_cb cb, void *ud, char *err, size_t errlen) {
  struct ctx c = {0};
  c.name = path;
  c.err = err;
  c.errlen = errlen;
  c.file = fopen(path, "rb");
  if (!c.file) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  long n = parse(&c, cb, ud);
  fclose(c.file);
  return n;
}

long ok_remarks_parse_buffer(const char *name, const unsigned char *buf, size_t len, ok_remark_cb cb, void *ud,
                             char *err, size_t errlen) {
  struct ctx c = {0};
  c.name = name;
  c.err = err;
  c.errlen = errlen;
  c.buf = buf;
  c.buflen = len;
  return parse(&c, cb, ud);
}

const char *ok_remark_arg(const struct ok_remark *r, const char *key) {
  for (int i = 0; i < r->nargs; ++i)
    if (!strcmp(r->args[i].key, key)) return r->args[i].value;
  return NULL;
}
