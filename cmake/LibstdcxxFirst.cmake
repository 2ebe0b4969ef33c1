# A pip LibTorch 2.x (a manylinux build) links parts of libstdc++ statically and exports them,
# std::filesystem among them (pytorch/pytorch#133437). The linker lists an executable's libraries
# in link order and adds libstdc++.so.6 last, so the dynamic linker finds LibTorch's copies
# first and binds our own std::filesystem calls to them. On the lent H200 (torch 2.11.0+cu130)
# std::filesystem::remove_all through LibTorch's copy jumped to address 0. Naming libstdc++ before
# everything else puts it first in every executable's lookup order; with Debian's LibTorch, which
# exports no std:: symbols, the order changes nothing. Checked by the test
# LibraryOrder.LibstdcxxComesBeforeLibTorch.
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang" AND NOT APPLE)
  add_link_options("LINKER:--push-state,--no-as-needed,-lstdc++,--pop-state")
endif()
