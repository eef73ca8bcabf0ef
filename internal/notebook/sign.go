package notebook

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Signing a notebook as trusted, as `jupyter trust` does (nbformat's sign.py): an HMAC-SHA256,
// keyed with the user's secret (notebook_secret in the Jupyter data directory, made on
// first use), of every key and value of the notebook as nbformat reads it (multiline text
// joined, transient metadata dropped), keys in sorted order, scalars as Python prints
// them; the hex digest is recorded in the SQLite database nbsignatures.db beside the
// secret. Jupyter shows a notebook's HTML, SVG and scripts only when its digest is there.
//
// The database is written by python3's standard sqlite3 module: the SQLite library that
// Jupyter itself reads it with, on every machine that runs Jupyter, without a SQLite
// driver in peerbook (a pure-Go one is a large dependency; cgo is not used here).

// Signature is the hex HMAC-SHA256 nbformat computes for the notebook data (nbformat 4 JSON)
// with secret.
func Signature(data, secret []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var nb map[string]any
	if err := dec.Decode(&nb); err != nil {
		return "", fmt.Errorf("signing: the notebook is not JSON: %w", err)
	}
	if err := checkCellIDs(nb); err != nil {
		return "", err
	}
	asNbformatReads(nb)
	mac := hmac.New(sha256.New, secret)
	if err := digest(mac, nb); err != nil {
		return "", err
	}
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// checkCellIDs refuses a notebook of nbformat 4.5 or later with a cell without an id:
// nbformat gives such a cell a random id each time it reads the notebook, so no
// signature of it can match what Jupyter computes.
func checkCellIDs(nb map[string]any) error {
	minor, _ := nb["nbformat_minor"].(json.Number)
	if m, err := minor.Int64(); err != nil || m < 5 {
		return nil
	}
	cells, _ := nb["cells"].([]any)
	for i, c := range cells {
		if cell, ok := c.(map[string]any); ok {
			if id, ok := cell["id"].(string); !ok || id == "" {
				return fmt.Errorf("signing: cell %d has no id, which nbformat 4.5 requires: Jupyter would give it a random one on every read, so no signature can match (give every cell an \"id\")", i+1)
			}
		}
	}
	return nil
}

// asNbformatReads changes nb as nbformat's v4 reader does (rejoin_lines, strip_transient).
func asNbformatReads(nb map[string]any) {
	if md, ok := nb["metadata"].(map[string]any); ok {
		delete(md, "orig_nbformat")
		delete(md, "orig_nbformat_minor")
		delete(md, "signature")
	}
	cells, _ := nb["cells"].([]any)
	for _, c := range cells {
		cell, ok := c.(map[string]any)
		if !ok {
			continue
		}
		if md, ok := cell["metadata"].(map[string]any); ok {
			delete(md, "trusted")
		}
		joinLines(cell, "source")
		if att, ok := cell["attachments"].(map[string]any); ok {
			for _, a := range att {
				if bundle, ok := a.(map[string]any); ok {
					joinBundle(bundle)
				}
			}
		}
		if cell["cell_type"] != "code" {
			continue
		}
		outs, _ := cell["outputs"].([]any)
		for _, o := range outs {
			out, ok := o.(map[string]any)
			if !ok {
				continue
			}
			switch t, _ := out["output_type"].(string); t {
			case "execute_result", "display_data":
				if data, ok := out["data"].(map[string]any); ok {
					joinBundle(data)
				}
			case "":
			default:
				joinLines(out, "text")
			}
		}
	}
}

// joinLines joins m[key] when it is a list of strings.
func joinLines(m map[string]any, key string) {
	if lines, ok := m[key].([]any); ok {
		if s, ok := joinStrings(lines); ok {
			m[key] = s
		}
	}
}

// joinBundle joins the multiline values of a MIME bundle, JSON types aside (nbformat's
// _rejoin_mimebundle).
func joinBundle(data map[string]any) {
	for k, v := range data {
		if k == "application/json" || (strings.HasPrefix(k, "application/") && strings.HasSuffix(k, "+json")) {
			continue
		}
		if lines, ok := v.([]any); ok {
			if s, ok := joinStrings(lines); ok {
				data[k] = s
			}
		}
	}
}

func joinStrings(lines []any) (string, bool) {
	var b strings.Builder
	for _, l := range lines {
		s, ok := l.(string)
		if !ok {
			return "", false
		}
		b.WriteString(s)
	}
	return b.String(), true
}

// digest feeds v to h as nbformat's yield_everything does.
func digest(h hash.Hash, v any) error {
	switch x := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys) // UTF-8 byte order is code point order, as Python sorts
		for _, k := range keys {
			h.Write([]byte(k))
			if err := digest(h, x[k]); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := digest(h, e); err != nil {
				return err
			}
		}
	case string:
		h.Write([]byte(x))
	case json.Number:
		s, err := pythonNumber(x)
		if err != nil {
			return err
		}
		h.Write([]byte(s))
	case bool:
		if x {
			h.Write([]byte("True"))
		} else {
			h.Write([]byte("False"))
		}
	case nil:
		h.Write([]byte("None"))
	default:
		return fmt.Errorf("signing: unexpected JSON value %T", v)
	}
	return nil
}

// pythonNumber is str() of the number Python's json module reads from n: an int for a
// literal without fraction or exponent, else a float in Python's repr.
func pythonNumber(n json.Number) (string, error) {
	s := string(n)
	if !strings.ContainsAny(s, ".eE") {
		neg := strings.HasPrefix(s, "-")
		digits := strings.TrimLeft(strings.TrimPrefix(s, "-"), "0")
		if digits == "" {
			return "0", nil
		}
		if neg {
			return "-" + digits, nil
		}
		return digits, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return "", fmt.Errorf("signing: the number %s: %w", s, err)
	}
	return pythonFloat(f), nil
}

// pythonFloat is Python's repr of f: the shortest digits that read back as f, in fixed
// notation with ".0" when integral for 1e-4 <= |f| < 1e16, else as d.ddde±XX.
func pythonFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	// Shortest round-trip digits and the decimal exponent, from 'e' formatting.
	e := strconv.FormatFloat(f, 'e', -1, 64) // -d.ddde±XX
	mant, expStr, _ := strings.Cut(e, "e")
	exp, _ := strconv.Atoi(expStr)
	neg := strings.HasPrefix(mant, "-")
	digits := strings.ReplaceAll(strings.TrimPrefix(mant, "-"), ".", "")
	sign := ""
	if neg {
		sign = "-"
	}
	if exp < -4 || exp >= 16 {
		m := digits[:1]
		if len(digits) > 1 {
			m += "." + digits[1:]
		}
		es := fmt.Sprintf("%+03d", exp)
		return sign + m + "e" + es
	}
	var out string
	switch {
	case exp < 0:
		out = "0." + strings.Repeat("0", -exp-1) + digits
	case exp+1 >= len(digits):
		out = digits + strings.Repeat("0", exp+1-len(digits)) + ".0"
	default:
		out = digits[:exp+1] + "." + digits[exp+1:]
	}
	return sign + out
}

// Trust records the notebook file at path as trusted in the Jupyter data directory dataDir,
// as `jupyter trust path` does, making the secret there when there is none.
func Trust(path, dataDir string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("trusting %s: %w", path, err)
	}
	secret, err := notebookSecret(dataDir)
	if err != nil {
		return fmt.Errorf("trusting %s: %w", path, err)
	}
	sig, err := Signature(data, secret)
	if err != nil {
		return fmt.Errorf("trusting %s: %w", path, err)
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		return fmt.Errorf("trusting %s: recording its signature in %s needs python3 (its sqlite3 module), which is not on PATH",
			path, filepath.Join(dataDir, "nbsignatures.db"))
	}
	out, err := exec.Command(py, "-c", storeSignature, filepath.Join(dataDir, "nbsignatures.db"), "sha256", sig).CombinedOutput()
	if err != nil {
		return fmt.Errorf("trusting %s: recording its signature with %s: %v: %s", path, py, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// storeSignature records a signature as nbformat's SQLiteSignatureStore.store_signature does
// (same table, index and columns; last_seen in UTC, as Python's sqlite3 stores datetimes).
const storeSignature = `import datetime, sqlite3, sys
db_file, algorithm, digest = sys.argv[1:4]
db = sqlite3.connect(db_file)
db.execute("CREATE TABLE IF NOT EXISTS nbsignatures (id integer PRIMARY KEY AUTOINCREMENT, algorithm text, signature text, path text, last_seen timestamp)")
db.execute("CREATE INDEX IF NOT EXISTS algosig ON nbsignatures(algorithm, signature)")
now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None).isoformat(" ")
if db.execute("SELECT id FROM nbsignatures WHERE algorithm = ? AND signature = ?", (algorithm, digest)).fetchone() is None:
    db.execute("INSERT INTO nbsignatures (algorithm, signature, last_seen) VALUES (?, ?, ?)", (algorithm, digest, now))
else:
    db.execute("UPDATE nbsignatures SET last_seen = ? WHERE algorithm = ? AND signature = ?", (now, algorithm, digest))
db.commit()
`

// notebookSecret reads dataDir/notebook_secret, or makes it as nbformat does: 1024 random
// bytes in base64 lines of 76 characters, readable by the user only.
func notebookSecret(dataDir string) ([]byte, error) {
	file := filepath.Join(dataDir, "notebook_secret")
	secret, err := os.ReadFile(file)
	if err == nil {
		return secret, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading Jupyter's notebook secret: %w", err)
	}
	raw := make([]byte, 1024)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	enc := base64.StdEncoding.EncodeToString(raw)
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\n")
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("making Jupyter's data directory: %w", err)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o600); err != nil {
		return nil, fmt.Errorf("writing Jupyter's notebook secret: %w", err)
	}
	return []byte(b.String()), nil
}
