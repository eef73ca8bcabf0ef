package interp

import (
	"bytes"
	"context"
	"log"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// fixSlog gives log/slog's default logger to the interpreter, tied to l, the logger
// fixStdlib gives the log package's functions (yaegi patch 219). In Go the default
// logger writes through the log package's logger (the flags, prefix and output a program
// sets with log.SetFlags, log.SetPrefix, log.SetOutput), and slog.SetDefault of another
// handler sends the log package's output to that handler; the interpreter's log functions
// use l, not the process's logger, so the compiled slog wrote to the process's stderr.
// The package's functions that use the default (Default, SetDefault, SetLogLoggerLevel,
// Debug, Info, Warn, Error and their Context forms, Log, LogAttrs, With) use the
// interpreter's, whose default handler formats as slog's: "LEVEL message k=v ...".
func fixSlog(interp *Interpreter, l *log.Logger) {
	p := interp.binPkg["log/slog"]
	if p == nil {
		return
	}
	s := &cellSlog{l: l}
	s.level.Set(slog.LevelInfo)
	s.def.Store(slog.New(&slogDefaultHandler{s: s, text: slog.NewTextHandler(&s.buf, nil)}))
	def := func() *slog.Logger { return s.def.Load() }
	bg := context.Background()
	set := func(name string, f any) {
		v := reflect.ValueOf(f)
		if mt, ok := interp.mapTypes[p[name]]; ok {
			interp.mapTypes[v] = mt
		}
		p[name] = v
	}
	set("Default", def)
	set("SetDefault", s.setDefault)
	set("SetLogLoggerLevel", func(level slog.Level) slog.Level {
		old := s.level.Level()
		s.level.Set(level)
		return old
	})
	set("Debug", func(msg string, args ...any) { def().Log(bg, slog.LevelDebug, msg, args...) })
	set("Info", func(msg string, args ...any) { def().Log(bg, slog.LevelInfo, msg, args...) })
	set("Warn", func(msg string, args ...any) { def().Log(bg, slog.LevelWarn, msg, args...) })
	set("Error", func(msg string, args ...any) { def().Log(bg, slog.LevelError, msg, args...) })
	set("DebugContext", func(ctx context.Context, msg string, args ...any) { def().Log(ctx, slog.LevelDebug, msg, args...) })
	set("InfoContext", func(ctx context.Context, msg string, args ...any) { def().Log(ctx, slog.LevelInfo, msg, args...) })
	set("WarnContext", func(ctx context.Context, msg string, args ...any) { def().Log(ctx, slog.LevelWarn, msg, args...) })
	set("ErrorContext", func(ctx context.Context, msg string, args ...any) { def().Log(ctx, slog.LevelError, msg, args...) })
	set("Log", func(ctx context.Context, level slog.Level, msg string, args ...any) {
		def().Log(ctx, level, msg, args...)
	})
	set("LogAttrs", func(ctx context.Context, level slog.Level, msg string, attrs ...slog.Attr) {
		def().LogAttrs(ctx, level, msg, attrs...)
	})
	set("With", func(args ...any) *slog.Logger { return def().With(args...) })
}

// cellSlog is an interpreter's slog state: its default logger and the level of
// SetLogLoggerLevel.
type cellSlog struct {
	l     *log.Logger
	level slog.LevelVar
	def   atomic.Pointer[slog.Logger]
	mu    sync.Mutex   // held while buf is used
	buf   bytes.Buffer // the text a slogDefaultHandler formats
}

// setDefault is slog.SetDefault: a logger whose handler is not the default one also
// takes the log package's output, with no flags (slog's handlerWriter).
func (s *cellSlog) setDefault(lg *slog.Logger) {
	s.def.Store(lg)
	if _, ok := lg.Handler().(*slogDefaultHandler); !ok {
		s.l.SetOutput(&slogLogWriter{h: lg.Handler(), level: &s.level})
		s.l.SetFlags(0)
	}
}

// slogLogWriter is the log package's output after slog.SetDefault: each line is a record
// of the SetLogLoggerLevel level, without its newline.
type slogLogWriter struct {
	h     slog.Handler
	level *slog.LevelVar
}

func (w *slogLogWriter) Write(b []byte) (int, error) {
	level := w.level.Level()
	if !w.h.Enabled(context.Background(), level) {
		return 0, nil
	}
	n := len(b)
	r := slog.NewRecord(time.Now(), level, strings.TrimSuffix(string(b), "\n"), 0)
	return n, w.h.Handle(context.Background(), r)
}

// slogDefaultHandler is slog's default handler for an interpreter: "LEVEL message" then
// the attributes as a TextHandler writes them ("k=v g.k=v"), written through the
// interpreter's log logger. The attributes are formatted by a TextHandler (the one the
// default shares its formatting with in slog), of a record without time, whose "level=...
// msg=..." start is cut.
type slogDefaultHandler struct {
	s    *cellSlog
	text slog.Handler // with the attributes and groups of With and WithGroup
}

func (h *slogDefaultHandler) Enabled(_ context.Context, level slog.Level) bool {
	return level >= h.s.level.Level()
}

func (h *slogDefaultHandler) Handle(ctx context.Context, r slog.Record) error {
	bare := slog.NewRecord(time.Time{}, r.Level, r.Message, 0)
	full := bare.Clone()
	r.Attrs(func(a slog.Attr) bool {
		full.AddAttrs(a)
		return true
	})
	h.s.mu.Lock()
	start, err := h.format(ctx, slog.NewTextHandler(&h.s.buf, nil), bare)
	all, err2 := h.format(ctx, h.text, full)
	h.s.mu.Unlock()
	if err != nil {
		return err
	}
	if err2 != nil {
		return err2
	}
	line := r.Level.String() + " " + r.Message + strings.TrimPrefix(all, start)
	// Not under mu: the log package's output may be a handler that logs again.
	return h.s.l.Output(2, line)
}

// format returns what text writes of r, without its newline (h.s.mu held).
func (h *slogDefaultHandler) format(ctx context.Context, text slog.Handler, r slog.Record) (string, error) {
	h.s.buf.Reset()
	if err := text.Handle(ctx, r); err != nil {
		return "", err
	}
	return strings.TrimSuffix(h.s.buf.String(), "\n"), nil
}

func (h *slogDefaultHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &slogDefaultHandler{s: h.s, text: h.text.WithAttrs(as)}
}

func (h *slogDefaultHandler) WithGroup(name string) slog.Handler {
	return &slogDefaultHandler{s: h.s, text: h.text.WithGroup(name)}
}
