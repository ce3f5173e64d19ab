/* The gzip content coding: whether a request's Accept-Encoding takes it (RFC 9110 12.5.3), and the gzip of a text (zlib). */
#define ZLIB_CONST
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "server_int.h"

#define GZIP_WINDOW_BITS (15 + 16) /* zlib's largest window, with the gzip header and trailer */
#define GZIP_MEMORY_LEVEL 8        /* zlib's default */

static int is_ows(char c)
{
    return c == ' ' || c == '\t';
}

/* A qvalue (RFC 9110 12.4.2: "0" ["." 0*3DIGIT] or "1" ["." 0*3"0"]) in thousandths, or -1 when
 * malformed. */
static int qvalue(const char *p, const char *end)
{
    if (p == end || (*p != '0' && *p != '1'))
        return -1;
    int whole = *p++ - '0', thousandths = 0, digits = 0;
    if (p < end && *p == '.')
        for (p++; p < end && digits < 3 && *p >= '0' && *p <= '9'; p++, digits++)
            thousandths = thousandths * 10 + (*p - '0');
    if (p != end)
        return -1;
    for (; digits < 3; digits++)
        thousandths *= 10;
    if (whole == 1 && thousandths > 0)
        return -1;
    return whole * 1000 + thousandths;
}

/* One member of the list, [p, end): its coding into coding/len and its weight in thousandths
 * (1000 when it gives none; 0, refusing, when it is malformed). */
static int member(const char *p, const char *end, const char **coding, size_t *len)
{
    while (p < end && is_ows(*p))
        p++;
    *coding = p;
    while (p < end && *p != ';' && !is_ows(*p))
        p++;
    *len = (size_t)(p - *coding);
    int weight = 1000;
    while (p < end) {
        while (p < end && is_ows(*p))
            p++;
        if (p == end)
            break;
        if (*p++ != ';')
            return 0; /* two words without a ';' */
        while (p < end && is_ows(*p))
            p++;
        const char *param = p;
        while (p < end && *p != ';')
            p++;
        const char *param_end = p;
        while (param_end > param && is_ows(param_end[-1]))
            param_end--;
        /* a parameter other than the weight is none of Accept-Encoding's: passed over */
        if (param_end - param >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=')
            weight = qvalue(param + 2, param_end);
        if (weight < 0)
            return 0;
    }
    return weight;
}

static int coding_is(const char *coding, size_t len, const char *name)
{
    return len == strlen(name) && strncasecmp(coding, name, len) == 0;
}

int accepts_gzip(const char *accept_encoding)
{
    if (!accept_encoding)
        return 0; /* no header: the plain text, which every client reads */
    int gzip = -1, any = -1; /* the largest weights given to gzip and to "*" (-1: not named) */
    const char *p = accept_encoding;
    while (*p) {
        const char *end = p + strcspn(p, ","), *coding;
        size_t len;
        int weight = member(p, end, &coding, &len);
        /* RFC 9110 8.4.1.3: x-gzip is gzip */
        if (coding_is(coding, len, "gzip") || coding_is(coding, len, "x-gzip"))
            gzip = weight > gzip ? weight : gzip;
        else if (coding_is(coding, len, "*"))
            any = weight > any ? weight : any;
        p = *end ? end + 1 : end;
    }
    /* q=0 refuses; a coding named is answered by its own weight, else by "*"'s */
    return gzip >= 0 ? gzip > 0 : any > 0;
}

char *gzip_bytes(const char *text, size_t len, int level, size_t *out_len)
{
    z_stream z = {0};
    if (len > UINT_MAX || deflateInit2(&z, level, Z_DEFLATED, GZIP_WINDOW_BITS,
                                       GZIP_MEMORY_LEVEL, Z_DEFAULT_STRATEGY) != Z_OK)
        return NULL;
    uLong cap = deflateBound(&z, (uLong)len);
    unsigned char *out = malloc(cap);
    int rc = Z_MEM_ERROR;
    if (out) {
        z.next_in = (const Bytef *)text;
        z.avail_in = (uInt)len;
        z.next_out = out;
        z.avail_out = (uInt)cap;
        rc = deflate(&z, Z_FINISH);
    }
    *out_len = z.total_out;
    deflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    return (char *)out;
}
