print("paging-demo: coming soon")
