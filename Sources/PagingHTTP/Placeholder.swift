import Paging
