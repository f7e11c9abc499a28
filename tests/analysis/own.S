# analysis-only placeholder
