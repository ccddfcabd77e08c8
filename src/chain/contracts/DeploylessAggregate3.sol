// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Multicall3's aggregate3 for a chain without Multicall3, never deployed: an eth_call of this
/// creation code followed by the calls (ABI-encoded as aggregate3's argument) runs them in the
/// constructor and returns their results in place of runtime code, ABI-encoded as aggregate3
/// returns them. Every call may fail (allowFailure is ignored): a failure is a result.
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

    constructor(Call3[] memory calls) {
        Result[] memory results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory data) = calls[i].target.staticcall(calls[i].callData);
            results[i] = Result(ok, data);
        }
        bytes memory encoded = abi.encode(results);
        assembly {
            return(add(encoded, 32), mload(encoded))
        }
    }
}
