/* The page's files: a plain name of the page's folder, its content type, its entity tag (304 when the client holds it) and its gzip when the client takes gzip. */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "server_int.h"

/* A file compressed is read whole first: the page's files are a few tens of KB; one past this is
 * sent as it is. */
#define GZIP_FILE_MAX (4u << 20)

/* Content types of the page's files by the name's ending, and whether gzip makes them smaller. */
static const char *file_type(const char *name, int *compressible)
{
    static const struct {
        const char *ending, *type;
        int compressible;
    } types[] = {{".html", "text/html; charset=utf-8", 1},
                 {".css", "text/css; charset=utf-8", 1},
                 {".js", "text/javascript; charset=utf-8", 1},
                 {".svg", "image/svg+xml", 1},
                 {".png", "image/png", 0},
                 {".ico", "image/x-icon", 0}};
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof types / sizeof *types; i++) {
        size_t k = strlen(types[i].ending);
        if (n > k && strcmp(name + n - k, types[i].ending) == 0) {
            *compressible = types[i].compressible;
            return types[i].type;
        }
    }
    return NULL;
}

/* Does the If-None-Match field (NULL: none) name etag (a strong tag, quoted)? RFC 9110 13.1.2:
 * "*", or a list of entity tags compared weakly (the field's W/ prefixes left out). */
static int none_match_names(const char *field, const char *etag)
{
    if (!field)
        return 0;
    size_t want_len = strlen(etag);
    for (const char *p = field; *p;) {
        p += strspn(p, " \t,");
        if (*p == '*')
            return 1;
        const char *tag = p + (strncmp(p, "W/", 2) == 0 ? 2 : 0);
        if (*tag != '"')
            return 0; /* malformed: no match, the file is sent */
        const char *close = strchr(tag + 1, '"');
        if (!close)
            return 0;
        size_t len = (size_t)(close + 1 - tag);
        if (len == want_len && memcmp(tag, etag, len) == 0)
            return 1;
        p = close + 1;
    }
    return 0;
}

void page_files_init(page_files *f)
{
    pthread_mutex_init(&f->lock, NULL);
    f->n = 0;
}

void page_files_release(page_files *f)
{
    for (int i = 0; i < f->n; i++)
        shared_release(f->files[i].gzip);
    f->n = 0;
    pthread_mutex_destroy(&f->lock);
}

/* The kept file name (under f's lock), or -1. */
static int kept(const page_files *f, const char *name)
{
    for (int i = 0; i < f->n; i++)
        if (strcmp(f->files[i].name, name) == 0)
            return i;
    return -1;
}

/* The file (fd, size bytes, tagged etag) gzip-compressed, held for the caller: kept from an
 * earlier request while the file keeps its tag, else compressed now at zlib's best and kept (a
 * name too long, or past PAGE_FILES_MAX files, is compressed each time). NULL when the file cannot
 * be read whole or memory runs out. */
static shared_bytes *gzip_of(page_files *f, const char *name, const char *etag, int fd,
                             size_t size)
{
    pthread_mutex_lock(&f->lock);
    int at = kept(f, name);
    shared_bytes *z = at >= 0 && strcmp(f->files[at].etag, etag) == 0
                          ? shared_hold(f->files[at].gzip)
                          : NULL;
    pthread_mutex_unlock(&f->lock);
    if (z)
        return z;
    /* compressed outside the lock: two requests at once may both compress, the last one kept */
    char *text = malloc(size ? size : 1);
    size_t got = 0;
    while (text && got < size) {
        ssize_t n = pread(fd, text + got, size - got, (off_t)got);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    size_t zlen = 0;
    char *bytes = text && got == size ? gzip_bytes(text, size, Z_BEST_COMPRESSION, &zlen) : NULL;
    free(text);
    z = bytes ? shared_copy(bytes, zlen) : NULL;
    free(bytes);
    if (!z || strlen(name) >= PAGE_NAME_MAX)
        return z;
    pthread_mutex_lock(&f->lock);
    at = kept(f, name);
    if (at < 0 && f->n < PAGE_FILES_MAX)
        at = f->n++;
    else if (at >= 0)
        shared_release(f->files[at].gzip);
    if (at >= 0) {
        snprintf(f->files[at].name, sizeof f->files[at].name, "%s", name);
        snprintf(f->files[at].etag, sizeof f->files[at].etag, "%s", etag);
        f->files[at].gzip = shared_hold(z);
    }
    pthread_mutex_unlock(&f->lock);
    return z;
}

void reply_file(lb_http_response *rs, lb_server *s, const lb_http_request *rq, const char *name)
{
    int compressible = 0;
    const char *type = file_type(name, &compressible);
    /* a plain name of the page's folder: no folders, no dot files, a known type */
    if (!type || name[0] == '.' || strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-_.") !=
                                       strlen(name)) {
        reply_error(rs, 404, "not-found", NULL, "no such file");
        return;
    }
    size_t n = strlen(s->web_root) + strlen(name) + 2;
    char *path = malloc(n);
    if (!path) {
        reply_text(rs, 500, NULL);
        return;
    }
    snprintf(path, n, "%s/%s", s->web_root, name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        if (fd >= 0)
            close(fd);
        free(path);
        reply_error(rs, 404, "not-found", NULL, "no such file");
        return;
    }
    /* the file's tag: its size and time of change (a new version of the file, a new tag) */
    char etag[sizeof rs->etag - 8];
    snprintf(etag, sizeof etag, "\"%llx-%llx\"", (unsigned long long)sb.st_size,
             (unsigned long long)sb.st_mtim.tv_sec * 1000000000ull +
                 (unsigned long long)sb.st_mtim.tv_nsec);
    rs->vary = compressible ? "Accept-Encoding" : NULL;
    if (!compressible || (size_t)sb.st_size > GZIP_FILE_MAX ||
        !accepts_gzip(rq->accept_encoding)) {
        close(fd);
        snprintf(rs->etag, sizeof rs->etag, "%s", etag);
        /* the file sent from its descriptor; a 304 has the 200's length and no body */
        rs->status = none_match_names(rq->if_none_match, rs->etag) ? 304 : 200;
        rs->type = rs->status == 200 ? type : NULL;
        rs->file = path;
        return;
    }
    free(path);
    /* each representation its own tag: the gzip one's ends in -gzip */
    snprintf(rs->etag, sizeof rs->etag, "%.*s-gzip\"", (int)strlen(etag) - 1, etag);
    shared_bytes *z = gzip_of(&s->files, name, etag, fd, (size_t)sb.st_size);
    close(fd);
    if (!z) {
        rs->etag[0] = '\0';
        reply_error(rs, 500, "server-fault", NULL, "the file could not be read");
        return;
    }
    int not_modified = none_match_names(rq->if_none_match, rs->etag);
    reply_shared(rs, not_modified ? 304 : 200, z, "gzip");
    rs->type = not_modified ? NULL : type;
}
