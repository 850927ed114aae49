/*
 * falsify-storagefs: Falsify's storage fault layer (issue 33). A pass-through FUSE file system mounted
 * over a service's data directory (the directory itself stays the backing store: it is opened before the
 * mount and reached through that descriptor). Commands on stdin, one JSON line of counters on stdout per
 * command; the counters are the faults' landing evidence:
 *   mode normal | mode eio | mode full | mode slow <ms> | mode corrupt   -> the fault held for a window
 *   lose    -> drop every write not fsynced since it was made (as LazyFS does), report what was dropped
 *   stats   -> counters only
 * Writes go through to the backing files at once; what a write overwrote (while it is unsynced) is kept
 * in memory so that "lose" can put every unsynced file back to its last fsynced state. Files created
 * and never fsynced are removed by "lose". Directory operations (rename, unlink, mkdir) are not undone.
 * End of stdin (the runner ended, even by kill -9) unmounts lazily and exits: nothing stays mounted.
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <fuse.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define UNDO_LIMIT (256L * 1024 * 1024)

enum mode { M_NORMAL, M_EIO, M_FULL, M_SLOW, M_CORRUPT };
struct undo { off_t off; size_t len; char *data; struct undo *next; };
struct record { char *path; off_t synced_size; int created; long long unsynced_bytes; struct undo *undo; struct record *next; };

static int root_fd = -1;
static const char *mountpoint;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile enum mode mode = M_NORMAL;
static volatile long delay_ms = 0;
static struct record *records;
static long long undo_bytes;
static long long c_ops, c_eio, c_enospc, c_delayed, c_delay_ms, c_corrupted, c_dropped, c_files, c_removed, c_overflow, c_syncs;

static const char *rel(const char *path) { return path[1] ? path + 1 : "."; }

static const char *mode_name(void) {
    switch (mode) { case M_EIO: return "eio"; case M_FULL: return "full"; case M_SLOW: return "slow"; case M_CORRUPT: return "corrupt"; default: return "normal"; }
}

/* Counts the operation and applies the delay of slow mode. */
static void op(void) {
    __atomic_add_fetch(&c_ops, 1, __ATOMIC_RELAXED);
    if (mode == M_SLOW && delay_ms > 0) {
        struct timespec ts = { delay_ms / 1000, (delay_ms % 1000) * 1000000L };
        nanosleep(&ts, NULL);
        __atomic_add_fetch(&c_delayed, 1, __ATOMIC_RELAXED);
        __atomic_add_fetch(&c_delay_ms, delay_ms, __ATOMIC_RELAXED);
    }
}
static int eio(void) { if (mode != M_EIO) return 0; __atomic_add_fetch(&c_eio, 1, __ATOMIC_RELAXED); return -EIO; }
static int full(void) { if (mode != M_FULL) return 0; __atomic_add_fetch(&c_enospc, 1, __ATOMIC_RELAXED); return -ENOSPC; }

static struct record *find(const char *path) {
    for (struct record *r = records; r; r = r->next) if (strcmp(r->path, path) == 0) return r;
    return NULL;
}
static void drop_record(struct record *victim) {
    for (struct record **p = &records; *p; p = &(*p)->next) {
        if (*p != victim) continue;
        *p = victim->next;
        for (struct undo *u = victim->undo, *n; u; u = n) { n = u->next; undo_bytes -= u->len; free(u->data); free(u); }
        free(victim->path);
        free(victim);
        return;
    }
}
/* The record of an unsynced file, made at its first unsynced change with the size it had then. */
static struct record *touch(const char *path, int fd, int created) {
    struct record *r = find(path);
    if (r) return r;
    struct stat st;
    if (fd >= 0 ? fstat(fd, &st) : fstatat(root_fd, rel(path), &st, AT_SYMLINK_NOFOLLOW)) st.st_size = 0;
    r = calloc(1, sizeof *r);
    r->path = strdup(path);
    r->synced_size = created ? 0 : st.st_size;
    r->created = created;
    r->next = records;
    records = r;
    return r;
}
/* Keeps what [off, off+len) held, where that is inside the last synced size (beyond it, lose truncates). */
static void save(struct record *r, off_t off, size_t len) {
    if (off >= r->synced_size) return;
    if (off + (off_t) len > r->synced_size) len = r->synced_size - off;
    if (undo_bytes + (long long) len > UNDO_LIMIT) { c_overflow++; return; }
    /* read through a descriptor of our own: the service's may be write-only */
    int fd = openat(root_fd, rel(r->path), O_RDONLY);
    if (fd < 0) { c_overflow++; return; }
    struct undo *u = calloc(1, sizeof *u);
    u->data = malloc(len ? len : 1);
    ssize_t n = pread(fd, u->data, len, off);
    close(fd);
    u->off = off;
    u->len = n > 0 ? (size_t) n : 0;
    undo_bytes += u->len;
    u->next = r->undo;
    r->undo = u;
}

static void print_stats(const char *extra) {
    pthread_mutex_lock(&lock);
    long long unsynced = 0, files = 0;
    for (struct record *r = records; r; r = r->next) { unsynced += r->unsynced_bytes; files++; }
    printf("{\"mode\":\"%s\",\"delay_ms\":%ld,\"ops\":%lld,\"eio\":%lld,\"enospc\":%lld,\"delayed\":%lld,\"delay_total_ms\":%lld,"
           "\"corrupted_reads\":%lld,\"fsyncs\":%lld,\"unsynced_bytes\":%lld,\"unsynced_files\":%lld,\"dropped_bytes\":%lld,"
           "\"files_rolled_back\":%lld,\"files_removed\":%lld,\"undo_overflow\":%lld%s}\n",
           mode_name(), delay_ms, c_ops, c_eio, c_enospc, c_delayed, c_delay_ms, c_corrupted, c_syncs, unsynced, files, c_dropped,
           c_files, c_removed, c_overflow, extra);
    fflush(stdout);
    pthread_mutex_unlock(&lock);
}

/* Puts every unsynced file back to its last fsynced state. */
static void lose(void) {
    pthread_mutex_lock(&lock);
    long long dropped = 0, files = 0, removed = 0;
    while (records) {
        struct record *r = records;
        dropped += r->unsynced_bytes;
        files++;
        if (r->created) {
            if (unlinkat(root_fd, rel(r->path), 0) == 0) removed++;
        } else {
            int fd = openat(root_fd, rel(r->path), O_WRONLY);
            if (fd >= 0) {
                for (struct undo *u = r->undo; u; u = u->next) (void) !pwrite(fd, u->data, u->len, u->off); /* newest first */
                (void) !ftruncate(fd, r->synced_size);
                fsync(fd);
                close(fd);
            }
        }
        drop_record(r);
    }
    c_dropped += dropped;
    c_files += files;
    c_removed += removed;
    pthread_mutex_unlock(&lock);
}

static struct fuse *fs;

static void *control(void *arg) {
    (void) arg;
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        long ms = 0;
        if (strncmp(line, "mode normal", 11) == 0) mode = M_NORMAL;
        else if (strncmp(line, "mode eio", 8) == 0) mode = M_EIO;
        else if (strncmp(line, "mode full", 9) == 0) mode = M_FULL;
        else if (strncmp(line, "mode corrupt", 12) == 0) mode = M_CORRUPT;
        else if (sscanf(line, "mode slow %ld", &ms) == 1 && ms > 0) { delay_ms = ms; mode = M_SLOW; }
        else if (strncmp(line, "lose", 4) == 0) lose();
        else if (strncmp(line, "stats", 5) != 0) { printf("{\"error\":\"unknown command\"}\n"); fflush(stdout); continue; }
        print_stats("");
    }
    /* the runner is gone (or done): unmount lazily so no stale mount stays behind, then end */
    if (umount2(mountpoint, MNT_DETACH) != 0) {
        pid_t p = fork();
        if (p == 0) { execlp("fusermount3", "fusermount3", "-u", "-z", mountpoint, (char *) NULL); _exit(127); }
        if (p > 0) waitpid(p, NULL, 0);
    }
    _exit(0);
    return NULL;
}

static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    (void) conn;
    cfg->use_ino = 1;
    cfg->entry_timeout = 0; cfg->attr_timeout = 0; cfg->negative_timeout = 0;
    cfg->direct_io = 0;
    fs = fuse_get_context()->fuse;
    pthread_t t;
    pthread_create(&t, NULL, control, NULL);
    pthread_detach(t);
    printf("{\"ready\":true,\"pid\":%d}\n", (int) getpid());
    fflush(stdout);
    return NULL;
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    op();
    int r = fi ? fstat(fi->fh, st) : fstatat(root_fd, rel(path), st, AT_SYMLINK_NOFOLLOW);
    return r ? -errno : 0;
}
static int fs_access(const char *path, int mask) { op(); return faccessat(root_fd, rel(path), mask, 0) ? -errno : 0; }
static int fs_readlink(const char *path, char *buf, size_t size) {
    op();
    ssize_t n = readlinkat(root_fd, rel(path), buf, size - 1);
    if (n < 0) return -errno;
    buf[n] = 0;
    return 0;
}
static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t filler, off_t off, struct fuse_file_info *fi, enum fuse_readdir_flags fl) {
    (void) off; (void) fi; (void) fl;
    op();
    int fd = openat(root_fd, rel(path), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return -errno;
    DIR *d = fdopendir(fd);
    if (!d) { close(fd); return -errno; }
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st = { .st_ino = e->d_ino, .st_mode = (mode_t) e->d_type << 12 };
        if (filler(buf, e->d_name, &st, 0, 0)) break;
    }
    closedir(d);
    return 0;
}
static int fs_mkdir(const char *path, mode_t m) { op(); int e = full(); if (e) return e; return mkdirat(root_fd, rel(path), m) ? -errno : 0; }
static int fs_unlink(const char *path) {
    op();
    if (unlinkat(root_fd, rel(path), 0)) return -errno;
    pthread_mutex_lock(&lock);
    struct record *r = find(path);
    if (r) drop_record(r);
    pthread_mutex_unlock(&lock);
    return 0;
}
static int fs_rmdir(const char *path) { op(); return unlinkat(root_fd, rel(path), AT_REMOVEDIR) ? -errno : 0; }
static int fs_symlink(const char *from, const char *to) { op(); int e = full(); if (e) return e; return symlinkat(from, root_fd, rel(to)) ? -errno : 0; }
static int fs_link(const char *from, const char *to) { op(); return linkat(root_fd, rel(from), root_fd, rel(to), 0) ? -errno : 0; }
static int fs_rename(const char *from, const char *to, unsigned int flags) {
    op();
    if (renameat2(root_fd, rel(from), root_fd, rel(to), flags)) return -errno;
    pthread_mutex_lock(&lock);
    struct record *old = find(to);
    if (old) drop_record(old);
    struct record *r = find(from);
    if (r) { free(r->path); r->path = strdup(to); }
    pthread_mutex_unlock(&lock);
    return 0;
}
static int fs_chmod(const char *path, mode_t m, struct fuse_file_info *fi) {
    op();
    return (fi ? fchmod(fi->fh, m) : fchmodat(root_fd, rel(path), m, 0)) ? -errno : 0;
}
static int fs_chown(const char *path, uid_t u, gid_t g, struct fuse_file_info *fi) {
    op();
    return (fi ? fchown(fi->fh, u, g) : fchownat(root_fd, rel(path), u, g, AT_SYMLINK_NOFOLLOW)) ? -errno : 0;
}
static int fs_utimens(const char *path, const struct timespec tv[2], struct fuse_file_info *fi) {
    op();
    return (fi ? futimens(fi->fh, tv) : utimensat(root_fd, rel(path), tv, AT_SYMLINK_NOFOLLOW)) ? -errno : 0;
}
static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
    op();
    int e = eio();
    if (e) return e;
    int fd = fi ? (int) fi->fh : openat(root_fd, rel(path), O_RDWR);
    if (fd < 0) return -errno;
    struct stat st;
    fstat(fd, &st);
    if (size > st.st_size && (e = full())) { if (!fi) close(fd); return e; }
    pthread_mutex_lock(&lock);
    struct record *r = touch(path, fd, 0);
    if (size < st.st_size) save(r, size, st.st_size - size);
    r->unsynced_bytes += size > st.st_size ? size - st.st_size : st.st_size - size;
    pthread_mutex_unlock(&lock);
    int rc = ftruncate(fd, size) ? -errno : 0;
    if (!fi) close(fd);
    return rc;
}
static int fs_open(const char *path, struct fuse_file_info *fi) {
    op();
    int fd = openat(root_fd, rel(path), fi->flags & ~O_NOFOLLOW);
    if (fd < 0) return -errno;
    if ((fi->flags & O_TRUNC) && (fi->flags & O_ACCMODE) != O_RDONLY) {
        /* O_TRUNC already emptied it: its synced content is gone unless recorded; record the loss honestly */
        pthread_mutex_lock(&lock);
        touch(path, fd, 0);
        pthread_mutex_unlock(&lock);
    }
    fi->fh = fd;
    /* opened during an eio or corrupt window: bypass the kernel's page cache, else reads never reach the layer */
    if (mode == M_EIO || mode == M_CORRUPT) fi->direct_io = 1;
    return 0;
}
static int fs_create(const char *path, mode_t m, struct fuse_file_info *fi) {
    op();
    int e = full();
    if (e) return e;
    if ((e = eio())) return e;
    struct stat st;
    int existed = fstatat(root_fd, rel(path), &st, 0) == 0;
    int fd = openat(root_fd, rel(path), fi->flags | O_CREAT, m);
    if (fd < 0) return -errno;
    if (!existed) {
        pthread_mutex_lock(&lock);
        touch(path, fd, 1);
        pthread_mutex_unlock(&lock);
    }
    fi->fh = fd;
    return 0;
}
static int fs_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) path;
    op();
    int e = eio();
    if (e) return e;
    ssize_t n = pread(fi->fh, buf, size, off);
    if (n < 0) return -errno;
    if (mode == M_CORRUPT && n > 0) {
        buf[(off + n / 2) % n] ^= 0x01;
        __atomic_add_fetch(&c_corrupted, 1, __ATOMIC_RELAXED);
    }
    return (int) n;
}
static int fs_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    op();
    int e = eio();
    if (e) return e;
    if ((e = full())) return e;
    pthread_mutex_lock(&lock);
    struct record *r = touch(path, fi->fh, 0);
    save(r, off, size);
    r->unsynced_bytes += size;
    pthread_mutex_unlock(&lock);
    ssize_t n = pwrite(fi->fh, buf, size, off);
    return n < 0 ? -errno : (int) n;
}
static int fs_statfs(const char *path, struct statvfs *st) {
    (void) path;
    op();
    if (fstatvfs(root_fd, st)) return -errno;
    if (mode == M_FULL) { st->f_bfree = 0; st->f_bavail = 0; st->f_ffree = 0; st->f_favail = 0; }
    return 0;
}
static int fs_flush(const char *path, struct fuse_file_info *fi) { (void) path; (void) fi; op(); return 0; }
static int fs_release(const char *path, struct fuse_file_info *fi) { (void) path; close(fi->fh); return 0; }
static int fs_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
    op();
    int e = eio();
    if (e) return e;
    if ((datasync ? fdatasync(fi->fh) : fsync(fi->fh))) return -errno;
    pthread_mutex_lock(&lock);
    struct record *r = find(path);
    if (r) drop_record(r);
    c_syncs++;
    pthread_mutex_unlock(&lock);
    return 0;
}
static int fs_fsyncdir(const char *path, int datasync, struct fuse_file_info *fi) { (void) path; (void) datasync; (void) fi; op(); return eio(); }
static int fs_fallocate(const char *path, int m, off_t off, off_t len, struct fuse_file_info *fi) {
    op();
    int e = full();
    if (e) return e;
    pthread_mutex_lock(&lock);
    struct record *r = touch(path, fi->fh, 0);
    r->unsynced_bytes += len;
    pthread_mutex_unlock(&lock);
    return fallocate(fi->fh, m, off, len) ? -errno : 0;
}

static const struct fuse_operations ops = {
    .init = fs_init, .getattr = fs_getattr, .access = fs_access, .readlink = fs_readlink, .readdir = fs_readdir,
    .mkdir = fs_mkdir, .unlink = fs_unlink, .rmdir = fs_rmdir, .symlink = fs_symlink, .link = fs_link,
    .rename = fs_rename, .chmod = fs_chmod, .chown = fs_chown, .utimens = fs_utimens, .truncate = fs_truncate,
    .open = fs_open, .create = fs_create, .read = fs_read, .write = fs_write, .statfs = fs_statfs, .flush = fs_flush,
    .release = fs_release, .fsync = fs_fsync, .fsyncdir = fs_fsyncdir, .fallocate = fs_fallocate,
};

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: falsify-storagefs <data directory>\n"); return 2; }
    mountpoint = argv[1];
    root_fd = open(mountpoint, O_PATH | O_DIRECTORY);
    if (root_fd < 0) { perror(mountpoint); return 1; }
    char opts[128];
    snprintf(opts, sizeof opts, "fsname=falsify-storage:%d,subtype=falsify", (int) getpid());
    char *args[] = { argv[0], (char *) mountpoint, "-f", "-o", opts, NULL };
    umask(0);
    return fuse_main(5, args, &ops, NULL);
}
