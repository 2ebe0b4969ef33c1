#pragma once

#include <exception>
#include <iostream>

#include "bridgebench/errors.h"

namespace bb::cli {

template <typename Body>
int guarded(Body&& body) {
    try {
        return body();
    } catch (const ConfigError& error) {
        std::cerr << "error: invalid config: " << error.what() << '\n';
        return kExitUsage;
    } catch (const UsageError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitUsage;
    } catch (const InputError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitInput;
    } catch (const StoreFormatError& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitInput;
    } catch (const std::exception& error) {
        std::cerr << "error: " << error.what() << '\n';
        return kExitRunFailed;
    }
}

}  // namespace bb::cli
