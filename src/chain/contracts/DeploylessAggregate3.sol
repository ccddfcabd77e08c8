// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Multicall3's aggregate3 for a chain without Multicall3, never deployed: an eth_call of this
/// creation code followed by the calls (ABI-encoded as aggregate3's argument) runs them in the
/// constructor and gives their results, ABI-encoded as aggregate3 returns them. Every call may
/// fail (allowFailure is ignored): a failure is a result.
///
/// A node treats what a constructor returns as the new contract's code, and EIP-170 caps code at
/// 24,576 bytes (anvil: CreateContractSizeLimit; geth: max code size exceeded). Results that fit
/// are returned; larger ones come back as revert data, which has no such cap: the error
/// Aggregate3Results's selector, then the encoded results.
contract DeploylessAggregate3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    /// Marks revert data that holds the results.
    error Aggregate3Results();

    /// EIP-170's cap on a contract's code: the most a constructor can return.
    uint256 private constant maxCodeSize = 24576;

    constructor(Call3[] memory calls) {
        Result[] memory results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.staticcall(calls[i].callData);
            results[i] = Result(ok, data);
        }
        bytes memory encoded = abi.encode(results);
        uint256 size = encoded.length;
        if (size <= maxCodeSize) {
            assembly {
                return(add(encoded, 32), size)
            }
        }
        uint256 marker = uint256(uint32(Aggregate3Results.selector));
        assembly {
            // The selector's four bytes end where the results begin (over the length word).
            mstore(encoded, marker)
            revert(add(encoded, 28), add(size, 4))
        }
    }
}
