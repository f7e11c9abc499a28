package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// pendingFile is an output written to a temporary file beside its destination and renamed
// into place by commit, so a failed or interrupted command leaves no partial file.
// Creating it up front also checks, before any long work, that the output is writable.
type pendingFile struct {
	*os.File
	dest string
}

// createPending opens a temporary file in dest's directory.
func createPending(dest string) (*pendingFile, error) {
	dir, base := filepath.Split(dest)
	if dir == "" {
		dir = "."
	}
	if base == "" {
		return nil, fmt.Errorf("output %q is a directory", dest)
	}
	if st, err := os.Stat(dest); err == nil && st.IsDir() {
		return nil, fmt.Errorf("output %q is a directory", dest)
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return nil, fmt.Errorf("cannot write %s: %w", dest, unwrapPath(err))
	}
	return &pendingFile{File: f, dest: dest}, nil
}

// unwrapPath drops the temporary name from an *os.PathError, which would confuse the user.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// commit closes the file and moves it to its destination (mode 0644, like os.Create).
func (p *pendingFile) commit() error {
	if err := p.Chmod(0o644); err != nil {
		p.abort()
		return fmt.Errorf("writing %s: %w", p.dest, err)
	}
	if err := p.Close(); err != nil {
		os.Remove(p.Name())
		return fmt.Errorf("writing %s: %w", p.dest, err)
	}
	if err := os.Rename(p.Name(), p.dest); err != nil {
		os.Remove(p.Name())
		return fmt.Errorf("writing %s: %w", p.dest, err)
	}
	return nil
}

// abort closes and removes the temporary file.
func (p *pendingFile) abort() {
	p.Close()
	os.Remove(p.Name())
}

// pendingSet is the outputs of one command: all are committed, or none.
type pendingSet []*pendingFile

// add creates a pending file for dest unless dest is empty (output not requested).
func (s *pendingSet) add(dest string) (*pendingFile, error) {
	if dest == "" {
		return nil, nil
	}
	p, err := createPending(dest)
	if err != nil {
		return nil, err
	}
	*s = append(*s, p)
	return p, nil
}

// commit commits every file; after the first failure the rest are aborted.
func (s pendingSet) commit() error {
	for i, p := range s {
		if err := p.commit(); err != nil {
			s[i+1:].abort()
			return err
		}
	}
	return nil
}

// abort removes every temporary file.
func (s pendingSet) abort() {
	for _, p := range s {
		p.abort()
	}
}
