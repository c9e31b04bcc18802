print("paging-explore")
