print("paging-bench: coming soon")
