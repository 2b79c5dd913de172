/* gnuplot's SVG, made compact for inlining into report.html (issue 31 §3): the same picture in
 * about a third of the bytes. gnuplot writes every label as a group with five attributes, every
 * point marker as a <use> with a transform, a colour box as 128 one-pixel polygons, two decimals
 * on every coordinate, a <defs> block of markers and filters nobody references, and empty style
 * groups; a full study's report inlined 8.6 MB of it. The files under plots/ stay as gnuplot
 * wrote them; only the copy in the page is rewritten, by text passes that each match gnuplot's
 * own output and leave anything else untouched. */
#define _GNU_SOURCE
#include "report.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct sb {
  char *p;
  size_t n, cap;
};

static void sb_put(struct sb *b, const char *s, size_t n) {
  if (!s || n > ((size_t)1 << 40)) return;
  if (b->n + n + 1 > b->cap) {
    b->cap = (b->n + n + 1) * 2;
    b->p = realloc(b->p, b->cap);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = 0;
}
static void sb_puts(struct sb *b, const char *s) { sb_put(b, s, strlen(s)); }

static const char *skip_ws(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') ++s;
  return s;
}

/* s past the literal, or NULL when s does not start with it. */
static const char *lit(const char *s, const char *l) {
  size_t n = strlen(l);
  return s && !strncmp(s, l, n) ? s + n : NULL;
}

/* Reads up to the delimiter into buf (which must fit); returns past the delimiter or NULL. */
static const char *until(const char *s, char d, char *buf, size_t n) {
  const char *e = s ? strchr(s, d) : NULL;
  if (!e || (size_t)(e - s) >= n) return NULL;
  memcpy(buf, s, (size_t)(e - s));
  buf[e - s] = 0;
  return e + 1;
}

/* Drops every <tag>…</tag> (gnuplot's <title> and <desc>: tooltips and a version line). */
static char *drop_elements(const char *s, const char *open, const char *close) {
  struct sb b = {0};
  for (const char *p; (p = strstr(s, open));) {
    const char *e = strstr(p, close);
    if (!e) break;
    sb_put(&b, s, (size_t)(p - s));
    s = e + strlen(close);
  }
  sb_puts(&b, s);
  return b.p;
}

/* One of gnuplot's label groups, if p starts one: <g transform="T" stroke="none" fill="F"
 * font-family="N" font-size="S"  text-anchor="A"> <text>INNER</text> </g>; becomes one <text>,
 * the root's font family and size left out. Returns past it, or NULL. */
static const char *text_group(const char *p, struct sb *b) {
  char t[160], fill[40], fam[40], size[16], anchor[16], inner[1024];
  const char *q = lit(p, "<g transform=\"");
  q = until(q, '"', t, sizeof t);
  q = until(lit(q, " stroke=\"none\" fill=\""), '"', fill, sizeof fill);
  q = until(lit(q, " font-family=\""), '"', fam, sizeof fam);
  q = until(lit(q, " font-size=\""), '"', size, sizeof size);
  q = until(lit(q, "  text-anchor=\""), '"', anchor, sizeof anchor);
  q = lit(q, ">");
  q = lit(q ? skip_ws(q) : NULL, "<text>");
  const char *e = q ? strstr(q, "</text>") : NULL;
  if (!e || (size_t)(e - q) >= sizeof inner) return NULL;
  memcpy(inner, q, (size_t)(e - q));
  inner[e - q] = 0;
  q = lit(skip_ws(e + 7), "</g>");
  if (!q) return NULL;
  char simple_open[80];
  snprintf(simple_open, sizeof simple_open, "<tspan font-family=\"%s\" >", fam);
  const char *in = inner, *lab = lit(inner, simple_open);
  char *close = lab ? strstr(lab, "</tspan>") : NULL;
  if (lab && close && !close[8] && !memchr(lab, '<', (size_t)(close - lab))) *close = 0, in = lab;
  sb_puts(b, "<text transform=\"");
  sb_puts(b, t);
  sb_puts(b, "\"");
  if (strcmp(fill, "black")) sb_puts(b, " fill=\""), sb_puts(b, fill), sb_puts(b, "\"");
  if (strcmp(fam, "sans")) sb_puts(b, " font-family=\""), sb_puts(b, fam), sb_puts(b, "\"");
  if (atof(size) != 11) sb_puts(b, " font-size=\""), sb_puts(b, size), sb_puts(b, "\"");
  if (strcmp(anchor, "start")) sb_puts(b, " text-anchor=\""), sb_puts(b, anchor), sb_puts(b, "\"");
  sb_puts(b, ">");
  sb_puts(b, in);
  sb_puts(b, "</text>");
  return q;
}

/* Filled-circle markers (gnuplot's pt 7: #gpPt6, a unit circle and a stroke of 0.121 of it), a
 * run of them of one size and colour (a series' points), as one path of round dots: "M x y h0"
 * drawn with a round cap as wide as the marker. Returns past the run, or NULL. */
static const char *circle_markers(const char *p, struct sb *b) {
  double x, y, s, s0 = 0;
  int rgb[3], rgb0[3] = {0}, n = 0, count = 0;
  char buf[160];
  const char *q = p, *end = NULL;
  for (;;) {
    const char *u = lit(skip_ws(q), "<use xlink:href='#gpPt6' transform='translate(");
    n = 0;
    if (!u || sscanf(u, "%lf,%lf) scale(%lf)' color='rgb(%d,%d,%d)'/>%n", &x, &y, &s, &rgb[0], &rgb[1], &rgb[2], &n) != 6 || !n)
      break;
    if (count && (s != s0 || memcmp(rgb, rgb0, sizeof rgb))) break;
    if (!count++) {
      s0 = s, memcpy(rgb0, rgb, sizeof rgb);
      sb_puts(b, "<path d='");
    }
    snprintf(buf, sizeof buf, "M%.1f %.1fh0", x, y);
    sb_puts(b, buf);
    q = end = u + n;
  }
  if (!count) return NULL;
  snprintf(buf, sizeof buf, "' stroke='#%02x%02x%02x' stroke-width='%.2g' stroke-linecap='round'/>", rgb0[0], rgb0[1], rgb0[2],
           2.24 * s0);
  sb_puts(b, buf);
  return end;
}

/* gnuplot's style groups: <g fill="none" color="C" stroke="currentColor" stroke-width="W"
 * stroke-linecap="butt" stroke-linejoin="miter"> as <g class=gs[ color][ stroke-width]>, the
 * rest in the page's CSS (.gs), black from the root. Only with stroke currentColor: a class's
 * CSS would override a stroke attribute of the same element. Returns past it, or NULL. */
static const char *style_group(const char *p, struct sb *b) {
  char color[40], width[16];
  const char *q = until(lit(p, "<g fill=\"none\" color=\""), '"', color, sizeof color);
  q = until(lit(q, " stroke=\"currentColor\" stroke-width=\""), '"', width, sizeof width);
  q = lit(q, " stroke-linecap=\"butt\" stroke-linejoin=\"miter\">");
  if (!q) return NULL;
  sb_puts(b, "<g class=gs");
  if (strcmp(color, "black")) sb_puts(b, " color=\""), sb_puts(b, color), sb_puts(b, "\"");
  if (atof(width) != 1) sb_puts(b, " stroke-width=\""), sb_puts(b, width), sb_puts(b, "\"");
  sb_puts(b, ">");
  return q;
}

/* gnuplot's filled polygon: fill as rgb(), four corners when it is a rectangle. */
struct poly {
  const char *end; /* past the element */
  int rgb[3], rect;
  double x0, x1, y0, y1; /* y0 the first corner's (the bottom of a colour-box step) */
};

static int poly_parse(const char *p, struct poly *o) {
  int n = 0;
  double x[4], y[4];
  const char *q = lit(p, "<polygon fill = 'rgb(");
  if (!q || sscanf(q, "%d,%d,%d)' points = '%n", &o->rgb[0], &o->rgb[1], &o->rgb[2], &n) != 3 || !n) return 0;
  q += n;
  const char *e = strstr(q, "'/>");
  if (!e) return 0;
  o->end = e + 3;
  o->rect = sscanf(q, "%lf,%lf %lf,%lf %lf,%lf %lf,%lf", &x[0], &y[0], &x[1], &y[1], &x[2], &y[2], &x[3], &y[3]) == 8 &&
            e - q < 120 && x[0] == x[3] && x[1] == x[2] && y[0] == y[1] && y[2] == y[3];
  o->x0 = x[0], o->x1 = x[1], o->y0 = y[0], o->y1 = y[2];
  return 1;
}

/* A run of rectangles stacked one on another with the same x (a colour box) becomes one
 * rectangle filled with a gradient through every eighth of their colours. Returns past the
 * run, or NULL when p starts none. */
static const char *colour_box(const char *p, struct sb *b, int *grad) {
  enum { MAX = 512 };
  struct poly v[MAX];
  int n = 0;
  for (const char *q = p; n < MAX && poly_parse(q, &v[n]) && v[n].rect; q = skip_ws(v[n++].end))
    if (n && (v[n].x0 != v[0].x0 || v[n].x1 != v[0].x1 || fabs(v[n].y0 - v[n - 1].y1) > 0.05)) break;
  if (n < 16) return NULL;
  char buf[256];
  double top = fmin(v[0].y0, v[n - 1].y1), bot = fmax(v[0].y0, v[n - 1].y1);
  snprintf(buf, sizeof buf, "<linearGradient id='okcb%d' x1='0' y1='%d' x2='0' y2='%d'>", ++*grad, v[0].y0 > v[n - 1].y1,
           v[0].y0 <= v[n - 1].y1);
  sb_puts(b, buf);
  for (int i = 0; i < n; i += 8) {
    int k = i + 8 >= n ? n - 1 : i;
    snprintf(buf, sizeof buf, "<stop offset='%.1f%%' stop-color='#%02x%02x%02x'/>", 100.0 * k / (n - 1), v[k].rgb[0], v[k].rgb[1],
             v[k].rgb[2]);
    sb_puts(b, buf);
    if (k == n - 1) break;
  }
  snprintf(buf, sizeof buf, "</linearGradient><rect x='%.1f' y='%.1f' width='%.1f' height='%.1f' fill='url(#okcb%d)'/>",
           v[0].x0, top, v[0].x1 - v[0].x0, bot - top, *grad);
  sb_puts(b, buf);
  return v[n - 1].end;
}

static const char *polygon(const char *p, struct sb *b) {
  struct poly o;
  if (!poly_parse(p, &o)) return NULL;
  char buf[64];
  snprintf(buf, sizeof buf, "<polygon fill='#%02x%02x%02x' points='", o.rgb[0], o.rgb[1], o.rgb[2]);
  sb_puts(b, buf);
  const char *q = strstr(p, "points = '") + 10, *e = o.end - 3;
  while (e > q && e[-1] == ' ') --e;
  sb_put(b, q, (size_t)(e - q));
  sb_puts(b, "'/>");
  return o.end;
}

/* A path of moves only (a tic of length 0: `set tics scale 0`) draws nothing. */
static const char *empty_path(const char *p) {
  const char *q = lit(p, "<path stroke='");
  q = q ? strchr(q, '\'') : NULL;
  q = q ? lit(skip_ws(q + 1), "d='") : NULL;
  if (!q) return NULL;
  for (; *q && *q != '\''; ++q)
    if (!strchr("M0123456789.,- \t\n", *q)) return NULL;
  return lit(q, "'/>");
}

/* The element rewrites: labels, style groups, markers, colour boxes, polygons, empty paths. */
static char *rewrite_elements(const char *s, int *grad) {
  struct sb b = {0};
  while (*s) {
    const char *lt = strchr(s, '<');
    if (!lt) break;
    sb_put(&b, s, (size_t)(lt - s));
    const char *next = NULL;
    if (lt[1] == 'g') next = (next = text_group(lt, &b)) ? next : style_group(lt, &b);
    else if (lt[1] == 'u') next = circle_markers(lt, &b);
    else if (lt[1] == 'p' && lt[2] == 'o') next = (next = colour_box(lt, &b, grad)) ? next : polygon(lt, &b);
    else if (lt[1] == 'p' && lt[2] == 'a') next = empty_path(lt);
    if (next) s = next;
    else sb_put(&b, lt, 1), s = lt + 1;
  }
  sb_puts(&b, s);
  return b.p;
}

/* Inside tags (not in text, not in data: URIs) every decimal to one place, "11.00" to "11";
 * indentation and blank lines go. */
static char *round_numbers(const char *s) {
  struct sb b = {0};
  int in_tag = 0;
  for (const char *p = s; *p;) {
    if (*p == '<') in_tag = 1;
    else if (*p == '>') in_tag = 0;
    if (*p == '\n') {
      sb_put(&b, "\n", 1);
      p = skip_ws(p);
      continue;
    }
    if (in_tag && !strncmp(p, "data:", 5)) { /* base64 holds no '.', but keep it whole */
      const char *e = p + strcspn(p, "'\"");
      sb_put(&b, p, (size_t)(e - p));
      p = e;
      continue;
    }
    if (in_tag && isdigit((unsigned char)*p) && (p == s || (!isdigit((unsigned char)p[-1]) && p[-1] != '.'))) {
      const char *e = p;
      while (isdigit((unsigned char)*e)) ++e;
      if (*e == '.' && isdigit((unsigned char)e[1])) {
        char *end, buf[48];
        double v = strtod(p, &end);
        snprintf(buf, sizeof buf, "%.1f", v);
        size_t l = strlen(buf);
        if (l > 2 && !strcmp(buf + l - 2, ".0")) buf[l - 2] = 0;
        sb_puts(&b, buf);
        p = end;
        continue;
      }
      sb_put(&b, p, (size_t)(e - p));
      p = e;
      continue;
    }
    sb_put(&b, p, 1);
    ++p;
  }
  return b.p;
}

/* Groups with nothing in them (gnuplot opens one per style change), until none is left. */
static char *drop_empty_groups(char *s) {
  for (int changed = 1; changed;) {
    changed = 0;
    struct sb b = {0};
    const char *p = s;
    for (const char *g; (g = strstr(p, "<g"));) {
      const char *e = strchr(g, '>'), *c = e ? skip_ws(e + 1) : NULL;
      if (e && e[-1] != '/' && (g[2] == ' ' || g[2] == '>') && lit(c, "</g>")) {
        sb_put(&b, p, (size_t)(g - p));
        p = c + 4, changed = 1;
      } else {
        sb_put(&b, p, (size_t)(g + 2 - p));
        p = g + 2;
      }
    }
    sb_puts(&b, p);
    free(s);
    s = b.p;
  }
  return s;
}

/* A style group around one label only: the label alone (text takes no stroke, and black from the
 * page's CSS). */
static char *unwrap_labels(char *s) {
  struct sb b = {0};
  const char *p = s;
  for (const char *g; (g = strstr(p, "<g class=gs>"));) {
    const char *t = skip_ws(g + 12), *e = lit(t, "<text") ? strstr(t, "</text>") : NULL, *c = e ? lit(skip_ws(e + 7), "</g>") : NULL;
    if (!c) {
      sb_put(&b, p, (size_t)(g + 12 - p));
      p = g + 12;
      continue;
    }
    sb_put(&b, p, (size_t)(g - p));
    sb_put(&b, t, (size_t)(e + 7 - t));
    p = c;
  }
  sb_puts(&b, p);
  free(s);
  return b.p;
}

/* Runs of newlines to one. */
static char *squeeze_lines(char *s) {
  char *w = s;
  for (const char *r = s; *r; ++r)
    if (!(*r == '\n' && w > s && w[-1] == '\n')) *w++ = *r;
  *w = 0;
  return s;
}

/* <defs>: gnuplot's markers and label filters, dropped when nothing refers to them any more. */
static char *drop_unused_defs(char *s) {
  char *d = strstr(s, "<defs>"), *e = d ? strstr(d, "</defs>") : NULL;
  if (!d || !e) return s;
  e += 7;
  if (strstr(e, "'#gp") || strstr(e, "\"#gp") || strstr(e, "url(#textbox)") || strstr(e, "url(#greybox)")) return s;
  memmove(d, e, strlen(e) + 1);
  return s;
}

/* The root: the font family and size the labels left out. */
static char *root_font(char *s) {
  char *r = strstr(s, "<svg");
  if (!r) return s;
  struct sb b = {0};
  sb_put(&b, s, (size_t)(r + 4 - s));
  sb_puts(&b, " font-family=\"sans\" font-size=\"11\" color=\"black\"");
  sb_puts(&b, r + 4);
  free(s);
  return b.p;
}

/* A heat map's cells are a PNG of one pixel per cell: drawn as blocks, not blurred. */
static const char pixelated[] = " style='image-rendering:optimizeSpeed;image-rendering:crisp-edges;image-rendering:pixelated'";

char *rp_svg_pixelated(const char *svg) {
  struct sb b = {0};
  const char *s = svg;
  for (const char *p; (p = strstr(s, "<image "));) {
    sb_put(&b, s, (size_t)(p + 6 - s));
    if (strncmp(p + 6, pixelated, strlen(pixelated))) sb_puts(&b, pixelated);
    s = p + 6;
  }
  sb_puts(&b, s);
  return b.p;
}

/* Writes svg compacted; grad numbers the colour-box gradients across the page (ids are global). */
void rp_svg_write(FILE *out, const char *svg, int *grad) {
  char *a = drop_elements(svg, "<title>", "</title>"), *b = drop_elements(a, "<desc>", "</desc>");
  free(a);
  a = rewrite_elements(b, grad);
  free(b);
  b = round_numbers(a);
  free(a);
  a = root_font(squeeze_lines(unwrap_labels(drop_unused_defs(drop_empty_groups(b)))));
  fputs(a, out);
  free(a);
}
