package main

import (
	"fmt"
	"image/color"
	"io"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// maxPlotPoints bounds the points of a line: longer series are cut into buckets, each
// drawn as its median (the medians smooth the measurement noise without hiding trends).
const maxPlotPoints = 1500

// writePlot draws the current genome's measured cycles (and the baseline's, when measured)
// over evaluations as SVG, as bucket medians, the series the progress line shows. The
// lowest reading so far, which it drew before, is a minimum over noisy samples that
// falls while the walk drifts up (docs/search.md). The legend sits in a band kept free
// above the data (see yRange).
func writePlot(w io.Writer, title string, current, baseline []float32) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "evaluation"
	p.Y.Label.Text = "cycles per call (median of batches)"
	p.Legend.Top = true
	curPts := bucketMedians(current)
	cur, err := plotter.NewLine(curPts)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	cur.Color = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	cur.Width = vg.Points(1.5)
	p.Add(cur, plotter.NewGrid())
	p.Legend.Add("current genome", cur)
	all := curPts
	if slices.ContainsFunc(baseline, func(x float32) bool { return x > 0 }) {
		basePts := bucketMedians(baseline)
		all = append(slices.Clone(all), basePts...)
		base, err := plotter.NewLine(basePts)
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		base.Color = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
		base.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(base)
		p.Legend.Add("compiler baseline", base)
	}
	p.Y.Min, p.Y.Max = yRange(all)
	wt, err := p.WriterTo(8*vg.Inch, 4.5*vg.Inch, "svg")
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	if _, err := wt.WriteTo(w); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	return nil
}

// bucketMedians turns series (index i is evaluation i+1; 0 is not measured) into at most
// maxPlotPoints points, each bucket's median of its measured values at the bucket's last
// evaluation (a bucket with none has no point).
func bucketMedians(series []float32) plotter.XYs {
	n := len(series)
	size := max(1, (n+maxPlotPoints-1)/maxPlotPoints)
	pts := make(plotter.XYs, 0, (n+size-1)/size)
	buf := make([]float32, 0, size)
	for lo := 0; lo < n; lo += size {
		hi := min(lo+size, n)
		buf = buf[:0]
		for _, x := range series[lo:hi] {
			if x > 0 {
				buf = append(buf, x)
			}
		}
		if len(buf) == 0 {
			continue
		}
		slices.Sort(buf)
		pts = append(pts, plotter.XY{X: float64(hi), Y: float64(buf[len(buf)/2])})
	}
	if len(pts) == 0 {
		return plotter.XYs{{X: 0, Y: 0}} // gonum draws no line of no points
	}
	return pts
}

// legendBand is the share of the plot's height kept free above the data for the legend
// (two entries in the top corner take well under a fifth of the 4.5-inch plot).
const legendBand = 0.25

// yRange spans the positive points with a margin below and the legend band above them.
func yRange(pts plotter.XYs) (lo, hi float64) {
	lo, hi = 0, 0
	for _, p := range pts {
		if p.Y <= 0 {
			continue
		}
		if lo == 0 || p.Y < lo {
			lo = p.Y
		}
		hi = max(hi, p.Y)
	}
	if hi == 0 {
		return 0, 1
	}
	span := max(hi-lo, hi*0.01)
	lo = max(0, lo-0.05*span)
	// hi' such that the data's top is at (1 - legendBand) of the height: the band is free.
	return lo, lo + (hi-lo)/(1-legendBand)
}
