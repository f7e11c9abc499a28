package main

import (
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/rules-cryptopt/rules_cryptopt/ir"
	"github.com/rules-cryptopt/rules_cryptopt/measure"
	"github.com/rules-cryptopt/rules_cryptopt/optimizer"
)

// cBuilds are the C baselines of a bench run, each IR function built once per compiler
// however many files time it, all built side by side before anything is timed: the
// builds took 47 of the 49 s of a six-file `bench --all --fiat-baselines` on a loaded
// 2-vCPU VM when they were made one after the other, and a build running beside a
// timing would disturb it.
type cBuilds struct {
	natives map[buildKey]*measure.Native
}

// buildKey names a build: the IR (its hash covers its name, hence the C symbol) and the
// compiler.
type buildKey struct{ hash, compiler string }

// buildBaselines compiles each of fns with each compiler, a few at a time. On an error
// nothing stays loaded.
func buildBaselines(fns []*ir.Func, compilers []string) (*cBuilds, error) {
	tasks := buildTasks(fns, compilers)
	natives := make([]*measure.Native, len(tasks))
	errs := make([]error, len(tasks))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2*runtime.NumCPU())
	for i, t := range tasks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			natives[i], _, errs[i] = optimizer.CompileBaseline(t.f, t.key.compiler)
		}()
	}
	wg.Wait()
	b := &cBuilds{natives: map[buildKey]*measure.Native{}}
	for i, t := range tasks {
		if natives[i] != nil {
			b.natives[t.key] = natives[i]
		}
	}
	if err := firstError(errs); err != nil {
		return nil, errors.Join(err, b.Close())
	}
	return b, nil
}

// buildTask is one build to make.
type buildTask struct {
	key buildKey
	f   *ir.Func
}

// buildTasks are the builds of fns by compilers, each IR once per compiler.
func buildTasks(fns []*ir.Func, compilers []string) []buildTask {
	var tasks []buildTask
	seen := map[buildKey]bool{}
	for _, f := range fns {
		for _, c := range compilers {
			k := buildKey{f.Hash(), c}
			if !seen[k] {
				seen[k] = true
				tasks = append(tasks, buildTask{k, f})
			}
		}
	}
	return tasks
}

// firstError is the first non-nil error of errs: one line to report.
func firstError(errs []error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// baselineFuncs are the functions whose C a run times: each job's IR, and Fiat's
// function of its field and op where there is one.
func baselineFuncs(jobs []benchJob) []*ir.Func {
	var fns []*ir.Func
	for _, j := range jobs {
		fns = append(fns, j.src.Func)
		if j.fiat != nil && j.fiat.fn != nil {
			fns = append(fns, j.fiat.fn)
		}
	}
	return fns
}

// fn is f's build by compiler (built by buildBaselines).
func (b *cBuilds) fn(f *ir.Func, compiler string) (measure.Fn, error) {
	n, ok := b.natives[buildKey{f.Hash(), compiler}]
	if !ok {
		return measure.Fn{}, fmt.Errorf("no %s build of %s", compiler, f.Name)
	}
	return n.Fn(), nil
}

// Close unloads every build.
func (b *cBuilds) Close() error {
	var errs []error
	for _, n := range b.natives {
		errs = append(errs, n.Close())
	}
	return errors.Join(errs...)
}
